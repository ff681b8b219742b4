import { Col, Row } from 'antd';
import { useEffect } from 'react';
import { preloadCharts } from '../../shared/charts';
import { CounterPanels, TrendPanel } from './counters-panels';
import { ServicesPanel } from './services-panel';
import { TicketsPanel } from './tickets-panel';
import { TopAlignersPanel } from './top-aligners-panel';
import { InstalledVersionsPanels, StagedTotalsPanels } from './versions-panels';

/** The home dashboard: every panel of console-core §1, kept current by the live channel. */
export function DashboardPage() {
  // The charts draw once their data arrives; fetch their code meanwhile rather than after.
  useEffect(preloadCharts, []);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CounterPanels />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <TrendPanel />
        </Col>
        <Col xs={24} xl={8}>
          <ServicesPanel />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <TicketsPanel />
        </Col>
        <Col xs={24} xl={12}>
          <TopAlignersPanel />
        </Col>
      </Row>
      <InstalledVersionsPanels />
      <StagedTotalsPanels />
    </div>
  );
}
