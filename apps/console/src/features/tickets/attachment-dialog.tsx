import { Alert, Button, Form, Input, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useUploadTicketAttachmentMutation } from '@equipment-dashboard/api-client';
import {
  ATTACHMENT_MIME_TYPES,
  canUploadAttachment,
  isAllowedAttachmentType,
} from '@equipment-dashboard/domain';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { TICKETS_TEXTS as T } from './texts';
import type { TicketEntryDialogProps } from './ticket-entry-dialog';

/**
 * The attachment dialog (back-office §2.1, §5): a PNG or JPEG file and a description; Upload is disabled
 * until both are there (libs/domain `canUploadAttachment`). The server checks the type from the bytes
 * and its refusal shows here.
 */
export function AttachmentDialog({ ticketId, authorUsername, onClose, onSaved }: TicketEntryDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [upload] = useUploadTicketAttachmentMutation();
  const call = useServerCall();
  const ready = canUploadAttachment({ file, description });

  const save = async () => {
    if (!ready || file === null) return;
    const done = await call.run(() =>
      upload({ ticketId, authorUsername, description: description.trim(), file }).unwrap(),
    );
    if (done) onSaved(ticketId);
  };

  return (
    <ActionDialog
      title={T.attachmentTitle(ticketId)}
      okText={T.upload}
      ready={ready}
      call={call}
      onOk={save}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={T.file}>
          <Upload
            accept={ATTACHMENT_MIME_TYPES.join(',')}
            maxCount={1}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              setFile(chosen);
              call.setProblem(null);
              // Nothing is sent until Upload: the file waits in the dialog.
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{T.chooseFile}</Button>
          </Upload>
        </Form.Item>
        {file !== null && !isAllowedAttachmentType(file.type) && (
          <Alert type="warning" showIcon title={T.notAnImage} style={{ marginBottom: 12 }} />
        )}
        <Form.Item label={T.description} htmlFor="ticket-attachment-description" style={{ marginBottom: 0 }}>
          <Input
            id="ticket-attachment-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
