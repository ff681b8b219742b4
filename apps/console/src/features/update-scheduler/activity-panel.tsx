import { Button, Col, Row, Skeleton, Statistic } from 'antd';
import {
  useReadUpdateschedulerStatisticsGtpsQuery,
  useReadUpdateschedulerStatisticsOasisQuery,
  useReadUpdateschedulerStatisticsQuery,
} from '@equipment-dashboard/api-client';
import { deliveryCount, type Family } from '@equipment-dashboard/domain';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { SeriesLineChart } from '../../shared/charts/series';
import { activityPoints, deltaPoints } from './chart-data';
import { SCHEDULER_TEXTS as T } from './texts';

/** One family's statistics read (the three hooks run on every render; only the family's asks). */
function useStatistics(family: Family) {
  const aligner = useReadUpdateschedulerStatisticsQuery(undefined, { skip: family !== 'aligner' });
  const gtps = useReadUpdateschedulerStatisticsGtpsQuery(undefined, { skip: family !== 'gtps' });
  const oasis = useReadUpdateschedulerStatisticsOasisQuery(undefined, { skip: family !== 'aligner-oasis' });
  return { aligner, gtps, 'aligner-oasis': oasis }[family];
}

/**
 * Daily Activity or Hourly Activity (back-office §2.4, §3, §4): the family's counters with the delivery
 * count (auto-staged minus auto-unstaged minus auto-unstaged because hung) and the 'Average Slot Age' in
 * minutes, then two line charts of the period's series: the activity, and its deltas.
 */
export function ActivityPanel({ family, period }: { family: Family; period: 'daily' | 'hourly' }) {
  const { data, error, isLoading, refetch } = useStatistics(family);
  if (error && !data) {
    return (
      <ServerErrorAlert
        problem={serverProblem(error, BACK_OFFICE_TEXTS.listFailed)}
        action={<Button onClick={() => void refetch()}>{BACK_OFFICE_TEXTS.retry}</Button>}
      />
    );
  }
  if (isLoading || !data) return <Skeleton active />;
  const stats = period === 'daily' ? data.dailyStatistics : data.hourlyStatistics;
  const familyName = T.familyTabs[family];
  const periodName = period === 'daily' ? T.daily : T.hourly;
  return (
    <div role="region" aria-label={`${familyName} ${periodName} statistics`}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={8} xl={4}>
          <Statistic title={T.autoStaged} value={data.autoStaged} />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic title={T.autoUnstaged} value={data.autoUnstaged} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title={T.autoUnstagedHung} value={data.autoUnstagedDueToHungCount} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title={T.deliveryCount} value={deliveryCount(data)} />
        </Col>
        <Col xs={24} md={8} xl={6}>
          <Statistic title={T.averageSlotAge} value={data.averageSlotAge} precision={1} suffix={T.minutes} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {[
          { label: T.activityChart(familyName, periodName), points: activityPoints(stats, family) },
          { label: T.deltasChart(familyName, periodName), points: deltaPoints(stats, family) },
        ].map(({ label, points }) => (
          <Col key={label} xs={24} xl={12}>
            <SeriesLineChart label={label} points={points} height={300} emptyText={T.noActivity} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
