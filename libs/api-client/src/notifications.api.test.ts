import {
  exampleCity,
  exampleCountry,
  exampleNotification,
  exampleRegion,
} from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { notificationsApi } from './notifications.api';

const { id: _id, ...newNotification } = exampleNotification;

describeSlice('notifications', notificationsApi.endpoints, {
  readNotifications: {
    arg: { page: 1 },
    query: { page: '1' },
    respond: () => json({ docs: [exampleNotification], totalDocs: 1 }),
  },
  createNotification: {
    arg: newNotification,
    json: newNotification,
    respond: () => json(exampleNotification),
  },
  readAlignerCountries: { arg: undefined, respond: () => json([exampleCountry]) },
  readAlignerRegions: {
    arg: { countryName: 'United States' },
    query: { countryName: 'United States' },
    respond: () => json([exampleRegion]),
  },
  readAlignerCities: {
    arg: { countryName: 'United States', region: 'Arkansas' },
    query: { countryName: 'United States', region: 'Arkansas' },
    respond: () => json([exampleCity]),
  },
});
