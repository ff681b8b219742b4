import type { Family } from '@equipment-dashboard/domain';
import {
  createScheduleSerialNumbers,
  type Paged,
  readAlignerSerialNumbers,
  readScheduleByDay,
  readUpdateschedulerAligners,
  readUpdateschedulerAlignersOasis,
  readUpdateschedulerGtps,
  readUpdateschedulerStatistics,
  readUpdateschedulerStatisticsGtps,
  readUpdateschedulerStatisticsOasis,
  type UpdateSchedulerDevice,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Update scheduling and the update scheduler screen (back-office §7.3). */
export const schedulerApi = injectAreaEndpoints((call) => {
  const deviceTags = (result: Paged<UpdateSchedulerDevice> | undefined) =>
    listTags('SchedulerDevice', result?.docs, (device) => device.serialNumber);
  const statisticsTags = (family: Family) => [{ type: 'SchedulerStatistics' as const, id: family }];
  return {
    readScheduleByDay: call.query(readScheduleByDay, ['Schedule']),
    readAlignerSerialNumbers: call.query(readAlignerSerialNumbers),
    createScheduleSerialNumbers: call.mutation(createScheduleSerialNumbers, [
      'Schedule',
      { type: 'SchedulerDevice', id: 'LIST' },
    ]),
    readUpdateschedulerAligners: call.query(readUpdateschedulerAligners, deviceTags),
    readUpdateschedulerGtps: call.query(readUpdateschedulerGtps, deviceTags),
    readUpdateschedulerAlignersOasis: call.query(readUpdateschedulerAlignersOasis, deviceTags),
    readUpdateschedulerStatistics: call.query(readUpdateschedulerStatistics, statisticsTags('aligner')),
    readUpdateschedulerStatisticsGtps: call.query(readUpdateschedulerStatisticsGtps, statisticsTags('gtps')),
    readUpdateschedulerStatisticsOasis: call.query(
      readUpdateschedulerStatisticsOasis,
      statisticsTags('aligner-oasis'),
    ),
  };
});

export const {
  useReadScheduleByDayQuery,
  useReadAlignerSerialNumbersQuery,
  useLazyReadAlignerSerialNumbersQuery,
  useCreateScheduleSerialNumbersMutation,
  useReadUpdateschedulerAlignersQuery,
  useReadUpdateschedulerGtpsQuery,
  useReadUpdateschedulerAlignersOasisQuery,
  useReadUpdateschedulerStatisticsQuery,
  useReadUpdateschedulerStatisticsGtpsQuery,
  useReadUpdateschedulerStatisticsOasisQuery,
} = schedulerApi;
