import { Card, Col, Row, Statistic, Typography } from 'antd';
import { installedCountAtLatest, versionLabel, type Family } from '@equipment-dashboard/domain';
import { CategoryChart } from '../../shared/charts';
import { LogColumnChart } from '../../shared/charts/series';
import type { FamilyReads } from '../../shared/updates/use-family-reads';
import { installedPoints, stagedPoints } from './chart-data';
import { SOFTWARE_TEXTS as T } from './texts';

const CHART_HEIGHT = 260;

function NotAvailable() {
  return <Typography.Text type="secondary">{T.notAvailable}</Typography.Text>;
}

/** Staged Updates (back-office §2.2): the count, how many are ready to download, and a column per version. */
function StagedCard({ family, reads }: { family: Family; reads: FamilyReads }) {
  const { staged } = reads;
  return (
    <Card
      title={T.stagedUpdates}
      size="small"
      loading={staged.isLoading}
      role="region"
      aria-label={`${T.tabs[family]} ${T.stagedUpdates}`}
    >
      {staged.isError && !staged.data ? (
        <NotAvailable />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 12 }}>
            <Col span={12}>
              <Statistic title={T.staged} value={staged.data?.total ?? 0} />
            </Col>
            <Col span={12}>
              <Statistic title={T.readyToDownload} value={staged.data?.readyToDownload ?? 0} />
            </Col>
          </Row>
          <CategoryChart
            label={T.stagedChart(family)}
            points={stagedPoints(staged.data)}
            height={CHART_HEIGHT}
            emptyText={T.nothingStaged}
          />
        </>
      )}
    </Card>
  );
}

/**
 * Installed Versions (back-office §2.2): units at the family's latest over all units, and a
 * logarithmic column chart of the versions with more than 1 unit.
 */
function InstalledCard({ family, reads }: { family: Family; reads: FamilyReads }) {
  const { installed, latest } = reads;
  const list = installed.data ?? [];
  const { atLatest, total } = installedCountAtLatest(list, latest.data?.semantic);
  return (
    <Card
      title={T.installedVersions}
      size="small"
      loading={installed.isLoading}
      role="region"
      aria-label={`${T.tabs[family]} ${T.installedVersions}`}
    >
      {installed.isError && !installed.data ? (
        <NotAvailable />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 12 }}>
            <Col span={12}>
              <Statistic title={T.atLatest} value={T.atLatestOfTotal(atLatest, total)} />
            </Col>
            <Col span={12}>
              <Typography.Text type="secondary">
                {latest.data ? T.latestIs(versionLabel(latest.data)) : latest.data === null ? T.noLatest : ''}
              </Typography.Text>
            </Col>
          </Row>
          <LogColumnChart
            label={T.installedChart(family)}
            points={installedPoints(list, family)}
            height={CHART_HEIGHT}
            valueName={T.units}
            emptyText={T.installedEmpty}
          />
        </>
      )}
    </Card>
  );
}

/** One family's tab: the two cards side by side. */
export function FamilyCards({ family, reads }: { family: Family; reads: FamilyReads }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <StagedCard family={family} reads={reads} />
      </Col>
      <Col xs={24} xl={12}>
        <InstalledCard family={family} reads={reads} />
      </Col>
    </Row>
  );
}
