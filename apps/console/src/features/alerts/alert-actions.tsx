import { Alert as Notice, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAcknowledgeAlertsMutation, useResolveAlertsMutation } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { errorStatus } from '../../shared/api/error-text';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import type { CallError } from '../../shared/back-office/server-error';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { ALERTS_TEXTS as T } from './texts';

/** True for a call refused with 409 (an alert changed state meanwhile: nothing was changed). */
const isConflict = (error: unknown): boolean => errorStatus(error as CallError) === 409;

interface BulkDialogProps {
  ids: number[];
  onClose: () => void;
  onDone: () => void;
  /** The server refused with 409: the list should be read again. */
  onConflict: () => void;
}

/**
 * A call on several alerts whose 409 (one of them cannot take it; none changed) is told plainly beside the
 * server's sentence, and makes the list read again.
 */
function useBulkCall(onConflict: () => void) {
  const call = useServerCall();
  const [conflict, setConflict] = useState(false);
  const run = (send: () => Promise<unknown>) => {
    setConflict(false);
    return call.run(async () => {
      try {
        await send();
      } catch (error) {
        if (isConflict(error)) {
          setConflict(true);
          onConflict();
        }
        throw error;
      }
    });
  };
  const notice = conflict ? (
    <Notice type="warning" showIcon title={T.conflict} style={{ marginBottom: 12 }} />
  ) : null;
  return { call, run, notice };
}

/**
 * Puts focus on the field `id` once its dialog is on screen. antd's Modal mounts its content before it shows it, so
 * a field's autoFocus runs while it is hidden and is lost, and the Modal's focus lock then puts focus on its first
 * control (Close): a keyboard user would have to Tab to the field.
 */
function useFocusWhenShown(id: string): void {
  useEffect(() => {
    let frame = 0;
    const attempt = (left: number) => {
      const field = document.getElementById(id);
      field?.focus();
      if (document.activeElement !== field && left > 0)
        frame = requestAnimationFrame(() => attempt(left - 1));
    };
    frame = requestAnimationFrame(() => attempt(30));
    return () => cancelAnimationFrame(frame);
  }, [id]);
}

/** Acknowledge of the selected alerts with one comment (POST /update/alert_acknowledged/v1). */
export function AcknowledgeDialog({ ids, onClose, onDone, onConflict }: BulkDialogProps) {
  const dispatch = useAppDispatch();
  const [acknowledge] = useAcknowledgeAlertsMutation();
  const [comment, setComment] = useState('');
  const { call, run, notice } = useBulkCall(onConflict);
  useFocusWhenShown('alert-ack-comment');
  const submit = async () => {
    if (await run(() => acknowledge({ ids, comment: comment.trim() }).unwrap())) {
      dispatch(snackbarShown(T.acknowledged(ids.length)));
      onDone();
    }
  };
  return (
    <ActionDialog
      title={T.acknowledgeTitle(ids.length)}
      okText={T.acknowledge}
      call={call}
      onOk={submit}
      onCancel={onClose}
      intro={notice}
    >
      <Form layout="vertical">
        <Form.Item label={T.comment} htmlFor="alert-ack-comment" help={T.acknowledgeHelp}>
          <Input.TextArea
            id="alert-ack-comment"
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/** Resolve of the selected alerts by hand (POST /update/alert_resolved/v1), after a confirmation. */
export function ResolveDialog({ ids, onClose, onDone, onConflict }: BulkDialogProps) {
  const dispatch = useAppDispatch();
  const [resolve] = useResolveAlertsMutation();
  const { call, run, notice } = useBulkCall(onConflict);
  const submit = async () => {
    if (await run(() => resolve({ ids }).unwrap())) {
      dispatch(snackbarShown(T.resolvedDone(ids.length)));
      onDone();
    }
  };
  return (
    <ActionDialog
      title={T.resolveTitle(ids.length)}
      okText={T.resolve}
      call={call}
      onOk={submit}
      onCancel={onClose}
      intro={
        <>
          {notice}
          <Typography.Paragraph>{T.resolveText}</Typography.Paragraph>
        </>
      }
    />
  );
}
