import { schedulerEndpoints as s } from '@equipment-dashboard/contract';
import * as scheduling from '../../services/scheduling-service';
import type { ServiceDeps } from '../../services/service-deps';
import * as scheduler from '../../services/update-scheduler-service';
import type { ApiRouter } from '../api-router';

/**
 * Update scheduling (back-office §7.3): the day loads, the serial search and creating schedules; the
 * per-family device tables and their daily and hourly statistics.
 */
export function mountScheduler(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.readScheduleByDay, () => scheduling.scheduleByDay(deps))
    .on(s.readAlignerSerialNumbers, ({ query }) =>
      scheduling.alignerSerialNumbers(deps, query.filterSerialNumber),
    )
    .on(s.createScheduleSerialNumbers, ({ body, user }) => scheduling.scheduleUpdates(deps, user, body))
    .on(s.readUpdateschedulerAligners, ({ query }) => scheduler.listSchedulerDevices(deps, 'aligner', query))
    .on(s.readUpdateschedulerGtps, ({ query }) => scheduler.listSchedulerDevices(deps, 'gtps', query))
    .on(s.readUpdateschedulerAlignersOasis, ({ query }) =>
      scheduler.listSchedulerDevices(deps, 'aligner-oasis', query),
    )
    .on(s.readUpdateschedulerStatistics, () => scheduler.schedulerStatistics(deps, 'aligner'))
    .on(s.readUpdateschedulerStatisticsGtps, () => scheduler.schedulerStatistics(deps, 'gtps'))
    .on(s.readUpdateschedulerStatisticsOasis, () => scheduler.schedulerStatistics(deps, 'aligner-oasis'));
}
