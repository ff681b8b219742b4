import { Button, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { BulkActionKind, CreateBulkActionBody } from '@equipment-dashboard/contract';
import { useCreateBulkActionMutation, useReadBulkActionQuery } from '@equipment-dashboard/api-client';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { RetryAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { BULK_TEXTS as T } from './bulk-texts';
import { OpenDialog } from '../../shared/ui/open-dialog';

export interface BulkActionDialogProps {
  action: BulkActionKind;
  /** How many units the selection holds (what the confirmation says). */
  count: number;
  selection: CreateBulkActionBody['selection'];
  /** The job was started: the list's selection is spent. */
  onFinished: () => void;
  onClose: () => void;
}

/** A bulk action's confirmation (how many units), then its job's progress, fed by the live channel, and its summary. */
export function BulkActionDialog({ action, count, selection, onFinished, onClose }: BulkActionDialogProps) {
  const [create] = useCreateBulkActionMutation();
  const call = useServerCall();
  const [jobId, setJobId] = useState<number | null>(null);
  const label = T.action[action];

  if (jobId !== null) return <BulkProgressDialog id={jobId} title={label} onClose={onClose} />;
  return (
    <ActionDialog
      title={label}
      okText={T.start}
      call={call}
      onCancel={onClose}
      onOk={() =>
        call.run(async () => {
          const job = await create({ action, selection }).unwrap();
          setJobId(job.id);
          onFinished();
        })
      }
      intro={<Typography.Paragraph>{T.confirm(label, count)}</Typography.Paragraph>}
    />
  );
}

function BulkProgressDialog({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { data: job, error, refetch } = useReadBulkActionQuery({ id });
  // The live events carry the counts; the units with their reasons are read once more at the end.
  const reread = useRef(false);
  useEffect(() => {
    if (job?.state !== 'running' && job && !reread.current) {
      reread.current = true;
      void refetch();
    }
  }, [job, refetch]);

  const handled = job ? job.done + job.skipped + job.failed : 0;
  const percent = job && job.total > 0 ? Math.floor((100 * handled) / job.total) : 0;
  const finished = job !== undefined && job.state !== 'running';
  return (
    <OpenDialog title={title} onCancel={onClose} footer={<Button onClick={onClose}>{T.close}</Button>}>
      {error && !job ? (
        <RetryAlert error={error} fallback={T.loadFailed} onRetry={refetch} />
      ) : (
        <Flex vertical gap={12}>
          <Progress
            percent={finished ? 100 : percent}
            status={finished ? (job.failed > 0 ? 'exception' : 'success') : 'active'}
            aria-label={T.progress}
          />
          <Typography.Text>{finished ? T.finished : T.running(handled, job?.total ?? 0)}</Typography.Text>
          {job && (
            <Flex gap={24}>
              <Typography.Text type="success">{T.done(job.done)}</Typography.Text>
              <Typography.Text type="warning">{T.skipped(job.skipped)}</Typography.Text>
              <Typography.Text type="danger">{T.failed(job.failed)}</Typography.Text>
            </Flex>
          )}
          {job && job.reasons.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {job.reasons.map((r) => (
                <li key={`${r.outcome}:${r.reason}`}>{T.reason(r.outcome, r.count, r.reason)}</li>
              ))}
            </ul>
          )}
          {finished && job.units.length > 0 && (
            <section aria-label={T.unitsWithReasons} style={{ maxHeight: 200, overflowY: 'auto' }}>
              <Typography.Text strong>{T.unitsWithReasons}</Typography.Text>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {job.units.map((u) => (
                  <li key={u.serialNumber}>
                    <Typography.Text code>{u.serialNumber}</Typography.Text> {u.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Flex>
      )}
    </OpenDialog>
  );
}
