import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { SimSnapshot } from '@equipment-dashboard/contract';
import {
  useExportSimSnapshotMutation,
  useImportSimSnapshotMutation,
  useReadSimSnapshotsQuery,
} from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { serverPagination } from '../../shared/back-office/pagination';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { serverProblem } from '../../shared/back-office/server-error';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { usePhoneTable } from '../../shared/ui/phone-table';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { formatSimulated } from './format-simulated';
import { RestoreSnapshotDialog, SaveSnapshotDialog } from './snapshot-dialogs';
import { SNAPSHOT_TEXTS as T } from './snapshot-texts';

/** Bytes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Starts a download of an object URL under a file name. */
function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The saved field states: save the world under a name, restore one (after a confirmation that names what
 * returns), export one as a file, import a file. Staff data is not part of a snapshot, and the panel says so.
 */
export function SnapshotsPanel() {
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useReadSimSnapshotsQuery({ page });
  const [exportSnapshot] = useExportSimSnapshotMutation();
  const [importSnapshot] = useImportSimSnapshotMutation();
  const [saving, setSaving] = useState(false);
  const [restoring, setRestoring] = useState<SimSnapshot | null>(null);
  const call = useServerCall();
  const dispatch = useAppDispatch();

  const exportOne = async (snapshot: SimSnapshot) => {
    let url: unknown;
    const done = await call.run(async () => {
      url = await exportSnapshot({ id: String(snapshot.id) }).unwrap();
    });
    if (done && typeof url === 'string') download(url, `snapshot-${snapshot.id}.json.gz`);
  };
  const importFile = async (file: File) => {
    let imported: SimSnapshot | undefined;
    const done = await call.run(async () => {
      imported = await importSnapshot(file).unwrap();
    });
    if (done && imported) dispatch(snackbarShown(T.imported(imported.name)));
  };

  const columns: TableColumnsType<SimSnapshot> = [
    { key: 'name', title: T.name, dataIndex: 'name' },
    { key: 'takenAt', title: T.takenAt, render: (_v, s) => new Date(s.createdAt).toLocaleString() },
    {
      key: 'simulatedAt',
      title: T.simulatedAt,
      render: (_v, s) => formatSimulated(Date.parse(s.simulatedAt)),
    },
    { key: 'by', title: T.by, dataIndex: 'createdBy' },
    { key: 'units', title: T.units, dataIndex: 'units' },
    { key: 'size', title: T.size, render: (_v, s) => formatBytes(s.bytes) },
    {
      key: 'actions',
      title: T.actions,
      render: (_v, s) => (
        <Flex gap="small" wrap>
          <Button aria-label={T.restoreOf(s.name)} disabled={call.running} onClick={() => setRestoring(s)}>
            {T.restore}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            aria-label={T.exportOf(s.name)}
            disabled={call.running}
            onClick={() => void exportOne(s)}
          >
            {T.export}
          </Button>
        </Flex>
      ),
    },
  ];
  // On a phone the name and its actions stay; when, by whom, how many units and how big fold into the row's expansion.
  const table = usePhoneTable<SimSnapshot>({
    keep: ['name', 'actions'],
    columns,
    pagination: { ...serverPagination(page, data?.totalDocs ?? 0, setPage), hideOnSinglePage: true },
  });
  return (
    <Card title={T.title} size="small" role="region" aria-label={T.title}>
      <Flex vertical gap="small">
        <Typography.Text>{T.staffNote}</Typography.Text>
        <Flex gap="small" wrap>
          <Button type="primary" onClick={() => setSaving(true)}>
            {T.save}
          </Button>
          <Upload
            accept=".gz,application/gzip"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={call.running}>
              {T.import}
            </Button>
          </Upload>
        </Flex>
        <ServerErrorAlert problem={error ? serverProblem(error) : call.problem} />
        <Table<SimSnapshot>
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data?.docs ?? []}
          locale={{ emptyText: T.empty }}
          {...table}
        />
      </Flex>
      {saving && <SaveSnapshotDialog onClose={() => setSaving(false)} />}
      {restoring && <RestoreSnapshotDialog snapshot={restoring} onClose={() => setRestoring(null)} />}
    </Card>
  );
}
