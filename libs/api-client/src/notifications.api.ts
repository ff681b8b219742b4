import {
  createNotification,
  readAlignerCities,
  readAlignerCountries,
  readAlignerRegions,
  readNotifications,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Notifications (ads) and the country, region and city lists (back-office §7.4). */
export const notificationsApi = injectAreaEndpoints((call) => ({
  readNotifications: call.query(readNotifications, (result) =>
    listTags('Notification', result?.docs, (notification) => notification.id),
  ),
  createNotification: call.mutation(createNotification, [{ type: 'Notification', id: 'LIST' }]),
  // Where units are changes slowly and no call here changes it: these lists carry no tags.
  readAlignerCountries: call.query(readAlignerCountries),
  readAlignerRegions: call.query(readAlignerRegions),
  readAlignerCities: call.query(readAlignerCities),
}));

export const {
  useReadNotificationsQuery,
  useCreateNotificationMutation,
  useReadAlignerCountriesQuery,
  useReadAlignerRegionsQuery,
  useReadAlignerCitiesQuery,
} = notificationsApi;
