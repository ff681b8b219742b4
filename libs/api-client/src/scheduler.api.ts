import type { Family } from '@equipment-dashboard/domain';
import {
  type BodyOf,
  createScheduleSerialNumbers,
  type EndpointDef,
  type Paged,
  type QueryOf,
  readAlignerSerialNumbers,
  readScheduleByDay,
  readUpdateschedulerAligners,
  readUpdateschedulerAlignersOasis,
  readUpdateschedulerGtps,
  readUpdateschedulerStatistics,
  readUpdateschedulerStatisticsGtps,
  readUpdateschedulerStatisticsOasis,
  type ResponseOf,
  type UpdateSchedulerDevice,
  type UpdateSchedulerStatistics,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** Update scheduling and the update scheduler screen (back-office §7.3). */
export const schedulerApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const devices = (def: EndpointDef) =>
      build.query<Paged<UpdateSchedulerDevice>, QueryOf<typeof readUpdateschedulerAligners>>({
        query: (query) => toRequest(def, { query }),
        providesTags: (result) => listTags('SchedulerDevice', result?.docs, (device) => device.serialNumber),
      });
    const statistics = (def: EndpointDef, family: Family) =>
      build.query<UpdateSchedulerStatistics, void>({
        query: () => toRequest(def),
        providesTags: [{ type: 'SchedulerStatistics', id: family }],
      });
    return {
      readScheduleByDay: build.query<ResponseOf<typeof readScheduleByDay>, void>({
        query: () => toRequest(readScheduleByDay),
        providesTags: ['Schedule'],
      }),
      readAlignerSerialNumbers: build.query<
        ResponseOf<typeof readAlignerSerialNumbers>,
        QueryOf<typeof readAlignerSerialNumbers>
      >({
        query: (query) => toRequest(readAlignerSerialNumbers, { query }),
      }),
      createScheduleSerialNumbers: build.mutation<
        ResponseOf<typeof createScheduleSerialNumbers>,
        BodyOf<typeof createScheduleSerialNumbers>
      >({
        query: (body) => toRequest(createScheduleSerialNumbers, { body }),
        invalidatesTags: ['Schedule', { type: 'SchedulerDevice', id: 'LIST' }],
      }),
      readUpdateschedulerAligners: devices(readUpdateschedulerAligners),
      readUpdateschedulerGtps: devices(readUpdateschedulerGtps),
      readUpdateschedulerAlignersOasis: devices(readUpdateschedulerAlignersOasis),
      readUpdateschedulerStatistics: statistics(readUpdateschedulerStatistics, 'aligner'),
      readUpdateschedulerStatisticsGtps: statistics(readUpdateschedulerStatisticsGtps, 'gtps'),
      readUpdateschedulerStatisticsOasis: statistics(readUpdateschedulerStatisticsOasis, 'aligner-oasis'),
    };
  },
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
