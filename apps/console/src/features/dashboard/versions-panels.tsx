import { Col, Row, Statistic, Tag, Typography } from 'antd';
import type { StagedTotals, VersionRecord } from '@equipment-dashboard/contract';
import { FAMILIES, FAMILY_LABELS, versionLabel } from '@equipment-dashboard/domain';
import { CategoryChart } from '../../shared/charts';
import { useFamilyReads, type Read } from '../../shared/updates/use-family-reads';
import { barChartHeight, installedVersionPoints, stagedVersionEntries } from './chart-data';
import { Panel } from './panel';
import { DASHBOARD_TEXTS } from './texts';

function LatestTag({ latest }: { latest: Read<VersionRecord | null> }) {
  if (latest.data === undefined) return null;
  return latest.data === null ? (
    <Typography.Text type="secondary">{DASHBOARD_TEXTS.noLatest}</Typography.Text>
  ) : (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      {DASHBOARD_TEXTS.latest(versionLabel(latest.data))}
    </Tag>
  );
}

/**
 * Installed software versions per family, with the family's latest release: bars across, one per version,
 * each labelled with its count (a family has twenty-odd versions; as columns, their labels overlapped).
 */
export function InstalledVersionsPanels() {
  const reads = useFamilyReads();
  return (
    <Row gutter={[16, 16]}>
      {FAMILIES.map((family) => {
        const { installed, latest } = reads[family];
        const title = DASHBOARD_TEXTS.installedVersions(FAMILY_LABELS[family]);
        const points = installedVersionPoints(installed.data ?? [], family !== 'aligner');
        return (
          <Col key={family} xs={24} lg={8}>
            <Panel title={title} loading={installed.isLoading} failed={installed.isError && !installed.data}>
              <div style={{ minHeight: 24, marginBottom: 8 }}>
                <LatestTag latest={latest} />
              </div>
              <CategoryChart
                label={title}
                points={points}
                height={barChartHeight(points.length)}
                horizontal
                emptyText={DASHBOARD_TEXTS.installedEmpty}
              />
            </Panel>
          </Col>
        );
      })}
    </Row>
  );
}

function StagedBody({ totals }: { totals: StagedTotals }) {
  const entries = stagedVersionEntries(totals.versions);
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={DASHBOARD_TEXTS.staged} value={totals.total} />
        </Col>
        <Col span={12}>
          <Statistic title={DASHBOARD_TEXTS.readyToDownload} value={totals.readyToDownload} />
        </Col>
      </Row>
      <div style={{ marginTop: 12, display: 'flex', flexWrap: 'wrap', gap: 8, minHeight: 24 }}>
        {entries.length === 0 ? (
          <Typography.Text type="secondary">{DASHBOARD_TEXTS.nothingStaged}</Typography.Text>
        ) : (
          entries.map((entry) => (
            <Tag key={entry.label} style={{ marginInlineEnd: 0 }}>
              {entry.label}: {entry.value.toLocaleString('en-US')}
            </Tag>
          ))
        )}
      </div>
    </>
  );
}

/** Staged update totals per family, with the staged versions. */
export function StagedTotalsPanels() {
  const reads = useFamilyReads();
  return (
    <Row gutter={[16, 16]}>
      {FAMILIES.map((family) => {
        const { staged } = reads[family];
        return (
          <Col key={family} xs={24} lg={8}>
            <Panel
              title={DASHBOARD_TEXTS.stagedUpdates(FAMILY_LABELS[family])}
              loading={staged.isLoading}
              failed={staged.isError && !staged.data}
            >
              {staged.data && <StagedBody totals={staged.data} />}
            </Panel>
          </Col>
        );
      })}
    </Row>
  );
}
