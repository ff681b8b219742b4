import { Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useCreateCommentMutation, useReadTicketQuery } from '@equipment-dashboard/api-client';
import { canSendComment } from '@equipment-dashboard/domain';
import { serverProblem, type ServerProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { CommentList } from './comment-list';
import { TICKETS_TEXTS as T } from './texts';

export interface CommentDialogProps {
  ticketId: number;
  authorUsername: string;
  onClose: () => void;
  onSaved: (ticketId: number) => void;
}

/**
 * The comment dialog (back-office §2.1): the previous comments, a textarea 'New comment text', Save and
 * Cancel. Empty (or only-space) text sends nothing: Save stays disabled (libs/domain `canSendComment`).
 * A refusal (the ticket was closed meanwhile: 409) stays in the dialog with the server's sentence; the
 * old console closed the dialog on failure (back-office §8).
 */
export function CommentDialog({ ticketId, authorUsername, onClose, onSaved }: CommentDialogProps) {
  const { data: ticket, isLoading } = useReadTicketQuery({ id: ticketId });
  const [createComment, { isLoading: saving }] = useCreateCommentMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const ready = canSendComment(text);

  const save = async () => {
    if (!ready) return;
    setProblem(null);
    try {
      await createComment({ ticketId, authorUsername, text }).unwrap();
      onSaved(ticketId);
    } catch (error) {
      setProblem(serverProblem(error));
    }
  };

  return (
    <Modal
      open
      title={T.commentTitle(ticketId)}
      okText={T.save}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
      width={640}
    >
      {isLoading ? (
        <Skeleton active aria-label={T.loading} />
      ) : (
        <CommentList comments={ticket?.comments ?? []} maxHeight={280} />
      )}
      <ServerErrorAlert problem={problem} />
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
    </Modal>
  );
}
