import { Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useCreateCommentMutation, useReadTicketQuery } from '@equipment-dashboard/api-client';
import { canSendComment } from '@equipment-dashboard/domain';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { CommentList } from './comment-list';
import { TICKETS_TEXTS as T } from './texts';
import type { TicketEntryDialogProps } from './ticket-entry-dialog';

/**
 * The comment dialog (back-office §2.1): the previous comments, a textarea 'New comment text', Save and
 * Cancel. Empty (or only-space) text sends nothing: Save stays disabled (libs/domain `canSendComment`).
 * A refusal (the ticket was closed meanwhile: 409) stays in the dialog with the server's sentence; the
 * old console closed the dialog on failure (back-office §8).
 */
export function CommentDialog({ ticketId, authorUsername, onClose, onSaved }: TicketEntryDialogProps) {
  const { data: ticket, isLoading } = useReadTicketQuery({ id: ticketId });
  const [createComment] = useCreateCommentMutation();
  const [text, setText] = useState('');
  const call = useServerCall();
  const ready = canSendComment(text);

  const save = async () => {
    if (!ready) return;
    if (await call.run(() => createComment({ ticketId, authorUsername, text }).unwrap())) onSaved(ticketId);
  };

  return (
    <ActionDialog
      title={T.commentTitle(ticketId)}
      okText={T.save}
      ready={ready}
      call={call}
      onOk={save}
      onCancel={onClose}
      width={640}
      intro={
        isLoading ? (
          <Skeleton active aria-label={T.loading} />
        ) : (
          <CommentList comments={ticket?.comments ?? []} maxHeight={280} />
        )
      }
    >
      <Form layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label={T.newCommentText} htmlFor="ticket-comment-text" style={{ marginBottom: 0 }}>
          <Input.TextArea
            id="ticket-comment-text"
            autoSize={{ minRows: 3, maxRows: 8 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
