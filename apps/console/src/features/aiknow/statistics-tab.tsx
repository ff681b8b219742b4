import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { type AiStatistics } from '@equipment-dashboard/contract';
import { useReadStatisticsQuery } from '@equipment-dashboard/api-client';
import { RetryAlert } from '../../shared/back-office/server-error-alert';
import { AIKNOW_TEXTS as T } from './texts';

/** A figure to 3 decimals (back-office §2.11, §9). */
const decimals3 = (value: number) => value.toFixed(3);
/** An average time: 3 decimals, 0 when the server has none, with an 's' suffix (back-office §2.11). */
const seconds = (value: number | null) => T.seconds(decimals3(value ?? 0));

/** The five figures of the Statistics tab, each with its label (back-office §2.11). */
function statisticsFigures(stats: AiStatistics): { label: string; value: string }[] {
  return [
    { label: T.sessionCount, value: String(stats.sessionCount) },
    { label: T.openSessionCount, value: String(stats.openSessionCount) },
    { label: T.averageConversationLength, value: decimals3(stats.averageConversationLength) },
    { label: T.queueAverage, value: seconds(stats.queueAverage) },
    { label: T.inFlightAverage, value: seconds(stats.inFlightAverage) },
  ];
}

/** The Statistics tab: five labelled figures of GET /statistics. */
export function StatisticsTab() {
  const { data, isLoading, error, refetch } = useReadStatisticsQuery();
  if (error && !data) {
    return <RetryAlert error={error} onRetry={refetch} />;
  }
  if (isLoading || !data) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      {statisticsFigures(data).map((figure) => (
        <Col key={figure.label} xs={24} sm={12} lg={8}>
          <Card size="small" role="group" aria-label={figure.label}>
            <Statistic title={figure.label} value={figure.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
