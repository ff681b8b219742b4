import {
  exampleAligner,
  exampleListRow,
  exampleScreenShot,
  exampleTicketHistoryItem,
  exampleVoltages,
} from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { equipmentApi } from './equipment.api';

const serial = { serialNumber: 'ABCLK0001' };

describeSlice('equipment', equipmentApi.endpoints, {
  readAligner: {
    arg: { serialNumber: 'ABCLK0001', username: 'jdoe' },
    query: { serialNumber: 'ABCLK0001', username: 'jdoe' },
    respond: () => json(exampleAligner),
  },
  readAligners: {
    arg: { page: 2, filterSerialNumber: 'ABC', filterCountryCode: '', sortBy: 'createdAt', sortDesc: true },
    query: { page: '2', filterSerialNumber: 'ABC', sortBy: 'createdAt', sortDesc: 'true' },
    absentQuery: ['filterCountryCode', 'filterSoftwareVersion', 'filterFamily'],
    respond: () => json({ docs: [exampleListRow], totalDocs: 11 }),
  },
  readFavorites: {
    arg: { username: 'jdoe' },
    query: { username: 'jdoe' },
    respond: () => json([exampleAligner]),
  },
  getScreenShotsForAligner: { arg: serial, query: serial, respond: () => json([exampleScreenShot]) },
  getLatestVoltagesForAligner: { arg: serial, query: serial, respond: () => json(exampleVoltages) },
  getLatestPrinterStatusForAligner: { arg: serial, query: serial, respond: () => json(null) },
  getLatestUsbStatusForAligner: { arg: serial, query: serial, respond: () => json(null) },
  readTicketHistory: { arg: serial, query: serial, respond: () => json([exampleTicketHistoryItem]) },
  readDemoPort: { arg: undefined, respond: () => json({ port: 8443 }) },
  createFavorite: { arg: { username: 'jdoe', ...serial }, json: { username: 'jdoe', ...serial } },
  deleteFavorite: { arg: { username: 'jdoe', ...serial }, json: { username: 'jdoe', ...serial } },
  deleteEquipment: { arg: serial, json: serial },
  deleteScreenShot: { arg: { id: 'a1b2c3' }, query: { id: 'a1b2c3' } },
  screenShotImage: {
    arg: { id: 'a1b2c3', thumbnail: true },
    params: { id: 'a1b2c3' },
    query: { thumbnail: 'true' },
  },
});
