import { Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import type { PreviewSelection, ScenarioPreview } from '@equipment-dashboard/contract';
import { useApplyScenarioMutation, usePreviewScenarioMutation } from '@equipment-dashboard/api-client';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { serverProblem } from '../../shared/back-office/server-error';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { useAppDispatch } from '../../app/store';
import { SIMULATOR_TEXTS as T } from './texts';

const P = T.preview;
const when = (at: string | null) => (at === null ? P.now : P.after(at));
const count = (value: number | null) => (value === null ? P.unknownCount : value.toLocaleString('en-US'));
const selectionText = (selection: PreviewSelection['selection']) =>
  Object.entries(selection)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ') || 'every unit';

const selectionColumns: TableColumnsType<PreviewSelection & { key: number }> = [
  { key: 'at', title: P.when, render: (_v, row) => when(row.at), width: 110 },
  { key: 'selection', title: P.selection, render: (_v, row) => selectionText(row.selection) },
  { key: 'matching', title: P.matching, render: (_v, row) => count(row.matching), width: 110 },
  { key: 'picked', title: P.picked, render: (_v, row) => count(row.picked), width: 120 },
];

/** A titled list of a preview, or the sentence that says it is empty. */
function PreviewList({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      {items.length === 0 ? (
        <Typography.Paragraph>{empty}</Typography.Paragraph>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What a scenario would do now: the units of each selection, services down, releases, later steps. */
function PreviewView({ preview }: { preview: ScenarioPreview }) {
  return (
    <>
      <Typography.Paragraph>{preview.description}</Typography.Paragraph>
      <Typography.Title level={5}>{P.selections}</Typography.Title>
      {preview.selections.length === 0 ? (
        <Typography.Paragraph>{P.noUnits}</Typography.Paragraph>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          columns={selectionColumns}
          dataSource={preview.selections.map((s, key) => ({ ...s, key }))}
        />
      )}
      <PreviewList
        title={P.servicesDown}
        empty={P.noServicesDown}
        items={preview.servicesDown.map((s) => `${s.service} (${when(s.at)})`)}
      />
      <PreviewList
        title={P.releases}
        empty={P.noReleases}
        items={preview.releases.map((r) => `${r.family} ${r.version} (${when(r.at)})`)}
      />
      <PreviewList title={P.steps} empty={P.noSteps} items={preview.steps.map((s) => P.after(s.at))} />
      {preview.clockAdvance !== null && (
        <Typography.Paragraph>{P.clockAdvance(preview.clockAdvance)}</Typography.Paragraph>
      )}
    </>
  );
}

export interface ScenarioPreviewDialogProps {
  /** The library scenario's name (the title's, when `text` is given). */
  name: string;
  /** The scenario's text (the editor's), previewed and applied instead of the library's file. */
  text?: string;
  onClose: () => void;
}

/** The preview of a library scenario or of the editor's text (asked when the dialog opens; nothing changes), and Apply. */
export function ScenarioPreviewDialog({ name, text, onClose }: ScenarioPreviewDialogProps) {
  const [askPreview, preview] = usePreviewScenarioMutation();
  const [applyScenario] = useApplyScenarioMutation();
  const call = useServerCall();
  const dispatch = useAppDispatch();
  useEffect(() => {
    void askPreview(text === undefined ? { name } : { text });
  }, [askPreview, name, text]);

  const apply = async () => {
    let said = '';
    const done = await call.run(async () => {
      const result = await applyScenario(text === undefined ? { name } : { text }).unwrap();
      said = P.applied(result.name, result.unitsChanged, result.stepsScheduled);
    });
    if (!done) return;
    dispatch(snackbarShown(said));
    onClose();
  };

  return (
    <ActionDialog
      title={T.library.previewOf(name)}
      okText={P.apply}
      ready={preview.isSuccess}
      call={call}
      onOk={apply}
      onCancel={onClose}
      width={760}
      intro={<Typography.Paragraph type="secondary">{P.intro}</Typography.Paragraph>}
    >
      <ServerErrorAlert problem={preview.error ? serverProblem(preview.error) : null} />
      {preview.isLoading && <Spin />}
      {preview.data && <PreviewView preview={preview.data} />}
    </ActionDialog>
  );
}
