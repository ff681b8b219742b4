import { Typography } from 'antd';
import { useReadSpecVersionsQuery } from '@equipment-dashboard/api-client';
import { specStatisticsChartData } from '@equipment-dashboard/domain';
import { LogColumnChart } from '../../shared/charts/series';
import { SPEC_TEXTS as T } from './texts';

/**
 * The Statistics tab (back-office §2.3): installed devices per spec version on a logarithmic axis.
 * libs/domain's specStatisticsChartData leaves out totals of 1 or less, unknown versions and versions
 * with '?', and sorts by the major part, then the text from the 7th character on.
 */
export function SpecStatistics() {
  const { data, isError } = useReadSpecVersionsQuery();
  if (isError && !data) return <Typography.Text type="secondary">{T.notAvailable}</Typography.Text>;
  const points = specStatisticsChartData(data ?? []).map((item) => ({
    label: item.version,
    value: item.total,
  }));
  return (
    <LogColumnChart
      label={T.statisticsChart}
      points={points}
      height={360}
      valueName={T.devices}
      emptyText={T.statisticsEmpty}
    />
  );
}
