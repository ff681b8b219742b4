import { Alert, Button, Card, Spin } from 'antd';
import { useGraphQuery } from '@equipment-dashboard/api-client';
import { TREND_TEXTS } from './texts';

/**
 * The Trend Chart screen shows only the image of /graph (console-core §2). The image needs the token,
 * which an <img src> cannot send: the API slice fetches it with the header and answers an object URL.
 */
export function TrendChartPage() {
  const { data: url, isFetching, isError, refetch } = useGraphQuery();
  return (
    <Card title={TREND_TEXTS.title}>
      <div style={{ minHeight: 320, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {isError && !url ? (
          <Alert
            type="error"
            showIcon
            title={TREND_TEXTS.failed}
            action={<Button onClick={() => void refetch()}>{TREND_TEXTS.retry}</Button>}
          />
        ) : url ? (
          <img src={url} alt={TREND_TEXTS.image} style={{ maxWidth: '100%', height: 'auto' }} />
        ) : (
          <Spin spinning={isFetching} size="large" />
        )}
      </div>
    </Card>
  );
}
