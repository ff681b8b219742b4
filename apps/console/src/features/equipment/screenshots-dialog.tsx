import { Alert, Button, Card, Empty, Flex, Popconfirm, Result, Skeleton, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type ScreenShot } from '@equipment-dashboard/contract';
import {
  equipmentApi,
  useDeleteScreenShotMutation,
  useGetScreenShotsForAlignerQuery,
  useScreenShotImageQuery,
} from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { failureReason, formatDateTime } from '../../shared/equipment';
import { selectUser } from '../../shared/session/session-slice';
import { EQUIPMENT_TEXTS as T } from './texts';
import { OpenDialog } from '../../shared/ui/open-dialog';

/** The thumbnail, loaded with the token as an object URL (the image paths need it). */
function Thumbnail({ shot }: { shot: ScreenShot }) {
  const { data: url } = useScreenShotImageQuery({ id: shot.id, thumbnail: true });
  const alt = T.screenShotAlt(formatDateTime(shot.createdAt));
  return url ? (
    <img
      src={url}
      alt={alt}
      style={{ width: '100%', aspectRatio: '16 / 10', objectFit: 'cover', display: 'block' }}
    />
  ) : (
    <Skeleton.Image active style={{ width: '100%', height: 140 }} aria-label={alt} />
  );
}

/** Saves a screenshot as a file: the full image fetched with the token, then handed to the browser. */
function useDownload(serialNumber: string) {
  const dispatch = useAppDispatch();
  return async (shot: ScreenShot) => {
    const request = dispatch(equipmentApi.endpoints.screenShotImage.initiate({ id: shot.id }));
    try {
      const url = await request.unwrap();
      const link = document.createElement('a');
      link.href = url;
      link.download = `${serialNumber}-${shot.createdAt.replace(/[:.]/g, '-')}.png`;
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
 * The screenshot list of a unit (console-core §2): each image can be downloaded or deleted; NO
 * SCREENSHOTS when there is none. Delete shows only to the roles the server lets delete (not guest).
 */
export function ScreenShotsDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const { data, isLoading, isError } = useGetScreenShotsForAlignerQuery(
    { serialNumber },
    { refetchOnMountOrArgChange: true },
  );
  const [deleteShot] = useDeleteScreenShotMutation();
  const mayDelete = can(useAppSelector(selectUser)?.role, PERMISSIONS.deleteScreenShot);
  const download = useDownload(serialNumber);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async (shot: ScreenShot) => {
    setBusy(shot.id);
    setProblem(null);
    const result = await deleteShot({ id: shot.id });
    setBusy(null);
    if (result.error) setProblem(T.screenShotDeleteFailed(failureReason(result.error)));
  };

  const save = async (shot: ScreenShot) => {
    setProblem(null);
    try {
      await download(shot);
    } catch (error) {
      setProblem(T.screenShotDownloadFailed(failureReason(error)));
    }
  };

  return (
    <OpenDialog title={T.screenShotsTitle(serialNumber)} footer={null} width={880} onCancel={onClose}>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      {isLoading && <Skeleton active aria-label={T.loading} />}
      {isError && <Result status="warning" title={T.reportFailed} />}
      {data && data.length === 0 && <Empty description={T.noScreenShots} />}
      {data && data.length > 0 && (
        <Flex wrap gap={12} role="list" aria-label={T.screenShotsTitle(serialNumber)}>
          {data.map((shot) => (
            <Card
              key={shot.id}
              role="listitem"
              aria-label={T.screenShotAlt(formatDateTime(shot.createdAt))}
              size="small"
              style={{ width: 260 }}
              cover={<Thumbnail shot={shot} />}
              actions={[
                <Button
                  key="download"
                  type="text"
                  icon={<DownloadOutlined aria-hidden />}
                  onClick={() => void save(shot)}
                >
                  {T.download}
                </Button>,
                ...(mayDelete
                  ? [
                      <Popconfirm
                        key="delete"
                        title={T.deleteScreenShotConfirm}
                        okText={T.yesButton}
                        cancelText={T.noButton}
                        onConfirm={() => void remove(shot)}
                      >
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          loading={busy === shot.id}
                        >
                          {T.delete}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <Typography.Text type="secondary">{formatDateTime(shot.createdAt)}</Typography.Text>
            </Card>
          ))}
        </Flex>
      )}
    </OpenDialog>
  );
}
