import { Col, Row, Statistic } from 'antd';
import { useReadTicketStatisticsQuery } from '@equipment-dashboard/api-client';
import { CategoryChart } from '../../shared/charts';
import { barChartHeight, issuerPoints } from './chart-data';
import { Panel } from './panel';
import { DASHBOARD_TEXTS } from './texts';

/** Ticket counts (open, closed, total) and the open tickets per issuer. */
export function TicketsPanel() {
  const { data, isLoading, isError } = useReadTicketStatisticsQuery();
  const points = issuerPoints(data?.openTicketsByIssuer ?? []);
  return (
    <Panel title={DASHBOARD_TEXTS.tickets} loading={isLoading} failed={isError && !data}>
      {data && (
        <>
          <Row gutter={16}>
            <Col span={8}>
              <Statistic title={DASHBOARD_TEXTS.openTickets} value={data.openTicketCount} />
            </Col>
            <Col span={8}>
              <Statistic title={DASHBOARD_TEXTS.closedTickets} value={data.closedTicketCount} />
            </Col>
            <Col span={8}>
              <Statistic title={DASHBOARD_TEXTS.totalTickets} value={data.totalTickets} />
            </Col>
          </Row>
          <div style={{ marginTop: 16 }}>
            <CategoryChart
              label={DASHBOARD_TEXTS.openPerIssuer}
              points={points}
              height={barChartHeight(points.length)}
              horizontal
              emptyText={DASHBOARD_TEXTS.noOpenTickets}
            />
          </div>
        </>
      )}
    </Panel>
  );
}
