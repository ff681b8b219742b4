import { Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useReadFavoritesQuery } from '@equipment-dashboard/api-client';
import { useAppSelector } from '../../app/store';
import { useLatestVersions } from '../../shared/equipment';
import { RADAR_LIST_HEIGHT_PX } from '../../shared/layout';
import { selectUser } from '../../shared/session/session-slice';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { FavoriteCard } from './favorite-card';
import { RADAR_TEXTS as T } from './texts';

/**
 * My Radar, /Radar (console-core §2): a card with a refresh button and a 600px scrolling list of the
 * user's favourites; 'NO FAVORITES ON RADAR' when empty. The live channel loads the favourites and keeps
 * them current (RADAR_ADD_FAVORITE, RADAR_UPDATE_FAVORITE, RADAR_REMOVE_FAVORITE patch this cache entry),
 * so downloads move here while the clock runs.
 */
export function RadarPage() {
  const user = useAppSelector(selectUser);
  const username = user?.username ?? '';
  const latest = useLatestVersions();
  const { data, isLoading, isError, isFetching, refetch } = useReadFavoritesQuery(
    { username },
    { skip: username === '' },
  );

  return (
    <Card
      role="region"
      aria-label={T.title}
      title={
        <Flex align="baseline" gap={12}>
          <span>{T.title}</span>
          {data && <Typography.Text type="secondary">{T.count(data.length)}</Typography.Text>}
        </Flex>
      }
      extra={<RefreshButton label={T.refresh} fetching={isFetching} onRefresh={refetch} />}
    >
      <div
        role="list"
        aria-label={T.title}
        aria-busy={isLoading || undefined}
        style={{ height: RADAR_LIST_HEIGHT_PX, overflowY: 'auto', paddingInlineEnd: 4 }}
      >
        {isLoading && <Skeleton active aria-label={T.loading} />}
        {isError && !data && (
          <Result
            status="warning"
            title={T.loadFailed}
            extra={<Button onClick={() => void refetch()}>{T.retry}</Button>}
          />
        )}
        {data && data.length === 0 && <Empty description={T.empty} style={{ marginTop: 160 }} />}
        {data && data.length > 0 && (
          <Flex vertical gap={12}>
            {data.map((aligner) => (
              <FavoriteCard key={aligner.serialNumber} aligner={aligner} latest={latest} />
            ))}
          </Flex>
        )}
      </div>
    </Card>
  );
}
