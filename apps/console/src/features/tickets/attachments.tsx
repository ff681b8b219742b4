import { Alert, Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type Attachment } from '@equipment-dashboard/contract';
import { ticketsApi, useAttachmentFileQuery } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { serverProblem } from '../../shared/back-office/server-error';
import { formatDateTime } from '../../shared/equipment/format';
import { TICKETS_TEXTS as T } from './texts';
import { OpenDialog } from '../../shared/ui/open-dialog';

const describe = (attachment: Attachment) =>
  attachment.description.trim() === '' ? T.noDescription : attachment.description;

/** The large overlay of one attachment: the full image, loaded with the token when it opens. */
function ImageOverlay({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { data: url, isError } = useAttachmentFileQuery({ id: attachment.id });
  return (
    <OpenDialog centered footer={null} width="90vw" title={describe(attachment)} onCancel={onClose}>
      <Flex justify="center" align="center" style={{ minHeight: 240 }}>
        {isError && <Result status="warning" title={T.imageFailed} />}
        {!isError && !url && <Spin />}
        {url && (
          <img
            src={url}
            alt={describe(attachment)}
            style={{ maxWidth: '100%', maxHeight: '80vh', objectFit: 'contain' }}
          />
        )}
      </Flex>
    </OpenDialog>
  );
}

/** A thumbnail that opens the large overlay (the file comes with the token, as an object URL). */
function Thumbnail({ attachment, onOpen }: { attachment: Attachment; onOpen: () => void }) {
  const { data: url } = useAttachmentFileQuery({ id: attachment.id, thumbnail: true });
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={T.openImage(describe(attachment))}
      style={{
        padding: 0,
        border: 0,
        background: '#fafafa',
        cursor: 'zoom-in',
        width: '100%',
        display: 'block',
      }}
    >
      {url ? (
        <img
          src={url}
          alt={describe(attachment)}
          style={{ width: '100%', height: 150, objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Skeleton.Image active style={{ width: '100%', height: 150 }} />
      )}
    </button>
  );
}

/** Saves an attachment as a file: the full image fetched with the token, handed to the browser. */
function useDownload() {
  const dispatch = useAppDispatch();
  return async (attachment: Attachment) => {
    const request = dispatch(ticketsApi.endpoints.attachmentFile.initiate({ id: attachment.id }));
    try {
      const url = await request.unwrap();
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.fileName;
      document.body.append(link);
      link.click();
      link.remove();
    } finally {
      // The object URL lives as long as its cache entry (a minute once nobody holds it).
      request.unsubscribe();
    }
  };
}

/**
 * The Attachments tab (back-office §2.1): NO ATTACHMENTS when empty; each attachment shows a thumbnail
 * (a click opens the large overlay), the description (or 'no description'), the creator, the creation
 * time and a Download button.
 */
export function AttachmentsTab({ attachments }: { attachments: readonly Attachment[] }) {
  const [shown, setShown] = useState<Attachment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = useDownload();

  if (attachments.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noAttachments} />;

  const save = async (attachment: Attachment) => {
    setFailure(null);
    try {
      await download(attachment);
    } catch (error) {
      setFailure(T.downloadFailed(serverProblem(error).sentence));
    }
  };

  return (
    <>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Flex wrap gap={12} role="list" aria-label={T.attachmentsTab(attachments.length)}>
        {attachments.map((attachment) => (
          <Card
            key={attachment.id}
            role="listitem"
            aria-label={describe(attachment)}
            size="small"
            style={{ width: 240 }}
            cover={<Thumbnail attachment={attachment} onOpen={() => setShown(attachment)} />}
            actions={[
              <Button
                key="download"
                type="text"
                icon={<DownloadOutlined aria-hidden />}
                onClick={() => void save(attachment)}
              >
                {T.download}
              </Button>,
            ]}
          >
            <Typography.Paragraph
              style={{ marginBottom: 4 }}
              ellipsis={{ rows: 2, tooltip: describe(attachment) }}
            >
              {describe(attachment)}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {T.byAt(attachment.authorUsername, formatDateTime(attachment.createdAt))}
            </Typography.Text>
          </Card>
        ))}
      </Flex>
      {shown && <ImageOverlay attachment={shown} onClose={() => setShown(null)} />}
    </>
  );
}
