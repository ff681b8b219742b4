import { Alert as Notice, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { AlertGroup } from '@equipment-dashboard/contract';
import {
  useAcknowledgeAlertGroupMutation,
  useAcknowledgeAlertsMutation,
  useResolveAlertGroupMutation,
  useResolveAlertsMutation,
} from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { errorStatus } from '../../shared/api/error-text';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import type { CallError } from '../../shared/back-office/server-error';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { groupLabel } from '../../shared/alerts/alert-group';
import { ALERTS_TEXTS as T } from './texts';

/** True for a call refused with 409 (an alert changed state meanwhile: nothing was changed). */
const isConflict = (error: unknown): boolean => errorStatus(error as CallError) === 409;

interface BulkDialogProps {
  /** The selected alerts; or, with `group`, none. */
  ids?: number[];
  /** A whole group of alerts (a rule and a place), acted on with one comment, required. */
  group?: AlertGroup;
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

/** The one comment of an action on several alerts (required for a group). */
function CommentField({
  id,
  help,
  value,
  onChange,
}: {
  id: string;
  help: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Form layout="vertical">
      <Form.Item label={T.comment} htmlFor={id} help={help}>
        <Input.TextArea id={id} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />
      </Form.Item>
    </Form>
  );
}

/** The group's key fields as the group calls take them, with the comment. */
const groupBody = (group: AlertGroup, comment: string) => ({
  ruleId: group.ruleId,
  countryCode: group.countryCode,
  region: group.region,
  comment,
});

/**
 * Acknowledge with one comment: of the selected alerts (POST /update/alert_acknowledged/v1), or of every alert of a
 * group that may be (POST /update/alert_group_acknowledged/v1, the comment required).
 */
export function AcknowledgeDialog({ ids = [], group, onClose, onDone, onConflict }: BulkDialogProps) {
  const dispatch = useAppDispatch();
  const [acknowledge] = useAcknowledgeAlertsMutation();
  const [acknowledgeGroup] = useAcknowledgeAlertGroupMutation();
  const [comment, setComment] = useState('');
  const { call, run, notice } = useBulkCall(onConflict);
  useFocusWhenShown('alert-ack-comment');
  const submit = async () => {
    const text = comment.trim();
    let done = ids.length;
    const ok = await run(async () => {
      if (group) done = (await acknowledgeGroup(groupBody(group, text)).unwrap()).changed;
      else await acknowledge({ ids, comment: text }).unwrap();
    });
    if (ok) {
      dispatch(snackbarShown(group ? T.groupAcknowledged(done) : T.acknowledged(done)));
      onDone();
    }
  };
  return (
    <ActionDialog
      title={group ? T.acknowledgeGroupTitle(group.count, groupLabel(group)) : T.acknowledgeTitle(ids.length)}
      okText={T.acknowledge}
      ready={!group || comment.trim() !== ''}
      notReadyReason={T.needsGroupComment}
      call={call}
      onOk={submit}
      onCancel={onClose}
      intro={notice}
    >
      <CommentField
        id="alert-ack-comment"
        help={group ? T.groupCommentHelp : T.acknowledgeHelp}
        value={comment}
        onChange={setComment}
      />
    </ActionDialog>
  );
}

/**
 * Resolve by hand, after a confirmation: the selected alerts (POST /update/alert_resolved/v1), or every open alert of
 * a group with one comment, required (POST /update/alert_group_resolved/v1).
 */
export function ResolveDialog({ ids = [], group, onClose, onDone, onConflict }: BulkDialogProps) {
  const dispatch = useAppDispatch();
  const [resolve] = useResolveAlertsMutation();
  const [resolveGroup] = useResolveAlertGroupMutation();
  const [comment, setComment] = useState('');
  const { call, run, notice } = useBulkCall(onConflict);
  const submit = async () => {
    let done = ids.length;
    const ok = await run(async () => {
      if (group) done = (await resolveGroup(groupBody(group, comment.trim())).unwrap()).changed;
      else await resolve({ ids }).unwrap();
    });
    if (ok) {
      dispatch(snackbarShown(group ? T.groupResolved(done) : T.resolvedDone(done)));
      onDone();
    }
  };
  return (
    <ActionDialog
      title={group ? T.resolveGroupTitle(group.count, groupLabel(group)) : T.resolveTitle(ids.length)}
      okText={T.resolve}
      ready={!group || comment.trim() !== ''}
      notReadyReason={T.needsGroupComment}
      call={call}
      onOk={submit}
      onCancel={onClose}
      intro={
        <>
          {notice}
          <Typography.Paragraph>{T.resolveText}</Typography.Paragraph>
        </>
      }
    >
      {group && (
        <CommentField
          id="alert-resolve-comment"
          help={T.groupCommentHelp}
          value={comment}
          onChange={setComment}
        />
      )}
    </ActionDialog>
  );
}
