import type { StagedTotals, VersionTotals } from '@equipment-dashboard/contract';
import { installedVersionChartData, stagedVersionChartData, type Family } from '@equipment-dashboard/domain';
import type { CategoryPoint } from '../../shared/charts';

/**
 * The Installed Versions chart (back-office §2.2): versions with more than 1 unit (libs/domain), in the
 * server's order for aligners, ascending by semantic version for Tru-Point and Oasis.
 */
export function installedPoints(list: VersionTotals, family: Family): CategoryPoint[] {
  return installedVersionChartData(list, { ascending: family !== 'aligner' }).map((item) => ({
    label: item.version,
    value: item.total,
  }));
}

/** The Staged Updates chart: the staged totals' version map as columns, ascending by version. */
export function stagedPoints(totals: StagedTotals | undefined): CategoryPoint[] {
  return stagedVersionChartData(totals?.versions).map((item) => ({ label: item.version, value: item.total }));
}
