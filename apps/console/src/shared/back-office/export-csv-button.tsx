import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { csvExportFileName, csvExportOf } from '@equipment-dashboard/contract';
import { useExportCsvMutation } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../ui/ui-slice';
import { serverProblem } from './server-error';
import { BACK_OFFICE_TEXTS as T } from './texts';

/** Hands an object URL to the browser as a file download, then lets the URL go. */
export function saveFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the file's bytes no longer need the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface ExportCsvButtonProps {
  /**
   * The list call whose CSV export to download, by its name or its RTK Query endpoint's (see csvExportOf);
   * nothing is shown when it has none.
   */
  list: string;
  /** The list's current query, as its call is asked: every row it matches is exported, the page ignored. */
  query: object;
}

/**
 * Export CSV: downloads every row the list's current filters match, in its order, as the server
 * streams it (`<list path>/export.csv`). The file is fetched with the token (a plain link would carry none)
 * and saved from memory; the button spins meanwhile and a failure says why in a snackbar.
 */
export function ExportCsvButton({ list, query }: ExportCsvButtonProps) {
  const dispatch = useAppDispatch();
  const [exportCsv, { isLoading }] = useExportCsvMutation();
  const def = csvExportOf(list);
  if (!def) return null;

  const onClick = async () => {
    try {
      const url = await exportCsv({ list, query }).unwrap();
      const fileName = csvExportFileName(def, new Date().toISOString().slice(0, 10));
      saveFile(url, fileName);
      dispatch(snackbarShown(T.exportCsvDone(fileName)));
    } catch (error) {
      dispatch(snackbarShown(T.exportCsvFailed(serverProblem(error).sentence)));
    }
  };

  return (
    <Tooltip title={T.exportCsvHint}>
      <Button icon={<DownloadOutlined />} loading={isLoading} onClick={() => void onClick()}>
        {T.exportCsv}
      </Button>
    </Tooltip>
  );
}
