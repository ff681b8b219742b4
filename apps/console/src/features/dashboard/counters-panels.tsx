import { Col, Progress, Row, Statistic } from 'antd';
import { percentConnected } from '@equipment-dashboard/domain';
import { useLiveConnectionCountersQuery } from '../../shared/api/live-counters.api';
import { TrendChart } from '../../shared/charts';
import { useAppSelector } from '../../app/store';
import { useThrottled } from '../../shared/use-throttled';
import { trendPoints } from './chart-data';
import { Panel } from './panel';
import { DASHBOARD_TEXTS } from './texts';
import { selectTrendSamples } from './trend-slice';

/** Connected and total equipment, connected users and the percentage connected (live counters). */
export function CounterPanels() {
  const { data: counters } = useLiveConnectionCountersQuery();
  const waiting = !counters;
  const percent = counters ? percentConnected(counters.connectedAligners, counters.totalAligners) : 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Panel title={DASHBOARD_TEXTS.connectedEquipment} loading={waiting}>
          <Statistic
            value={counters?.connectedAligners ?? 0}
            suffix={counters ? DASHBOARD_TEXTS.ofTotal(counters.totalAligners) : undefined}
          />
        </Panel>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Panel title={DASHBOARD_TEXTS.totalEquipment} loading={waiting}>
          <Statistic value={counters?.totalAligners ?? 0} />
        </Panel>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Panel title={DASHBOARD_TEXTS.connectedUsers} loading={waiting}>
          <Statistic value={counters?.connectedUsers ?? 0} />
        </Panel>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Panel title={DASHBOARD_TEXTS.percentConnected} loading={waiting}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <Statistic value={percent} precision={1} suffix="%" />
            <Progress type="circle" percent={Math.round(percent)} size={48} showInfo={false} aria-hidden />
          </div>
        </Panel>
      </Col>
    </Row>
  );
}

/**
 * How often the trend is redrawn at most. Its samples come with every CONNECTION_COUNTERS (up to two a
 * second), and a redraw costs the chart library about a tenth of a second of the main thread on a slow
 * machine: redrawn on every sample, an open dashboard kept a fifth of a core busy.
 */
export const TREND_REDRAW_MS = 2_000;

/** The connected-aligner trend of the last 60 samples. */
export function TrendPanel() {
  const samples = useThrottled(useAppSelector(selectTrendSamples), TREND_REDRAW_MS);
  return (
    <Panel title={DASHBOARD_TEXTS.trend}>
      <TrendChart
        label={DASHBOARD_TEXTS.trend}
        points={trendPoints(samples)}
        height={360}
        emptyText={DASHBOARD_TEXTS.trendEmpty}
      />
    </Panel>
  );
}
