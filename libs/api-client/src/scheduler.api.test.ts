import {
  exampleScheduleByDay,
  exampleUpdateSchedulerDevice,
  exampleUpdateSchedulerStatistics,
} from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { schedulerApi } from './scheduler.api';

const devices = {
  arg: {
    page: 2,
    onlyConnected: true,
    onlyStaged: false,
    filterState: '',
    sortBy: 'serialNumber',
    sortDesc: false,
  },
  query: { page: '2', onlyConnected: 'true', onlyStaged: 'false', sortBy: 'serialNumber', sortDesc: 'false' },
  absentQuery: ['filterState'],
  respond: () => json({ docs: [exampleUpdateSchedulerDevice], totalDocs: 1 }),
};
const statistics = { arg: undefined, respond: () => json(exampleUpdateSchedulerStatistics) };
const schedule = {
  serialNumbers: ['ABCLK0001', 'ABCLK0002'],
  version: { semantic: '5.3.0', meta: '' },
  path: '/u',
  date: '2030-05-20',
};

describeSlice('scheduler', schedulerApi.endpoints, {
  readScheduleByDay: { arg: undefined, respond: () => json([exampleScheduleByDay]) },
  readAlignerSerialNumbers: {
    arg: { filterSerialNumber: 'ABC*' },
    query: { filterSerialNumber: 'ABC*' },
    respond: () => json(['ABCLK0001']),
  },
  createScheduleSerialNumbers: {
    arg: schedule,
    json: schedule,
    respond: () => json({ date: '2030-05-20', count: 2, version: schedule.version }),
  },
  readUpdateschedulerAligners: devices,
  readUpdateschedulerGtps: devices,
  readUpdateschedulerAlignersOasis: devices,
  readUpdateschedulerStatistics: statistics,
  readUpdateschedulerStatisticsGtps: statistics,
  readUpdateschedulerStatisticsOasis: statistics,
});
