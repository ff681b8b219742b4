import {
  type BodyOf,
  createNotification,
  type QueryOf,
  readAlignerCities,
  readAlignerCountries,
  readAlignerRegions,
  readNotifications,
  type ResponseOf,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** Notifications (ads) and the country, region and city lists (back-office §7.4). */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readNotifications: build.query<ResponseOf<typeof readNotifications>, QueryOf<typeof readNotifications>>({
      query: (query) => toRequest(readNotifications, { query }),
      providesTags: (result) => listTags('Notification', result?.docs, (notification) => notification.id),
    }),
    createNotification: build.mutation<
      ResponseOf<typeof createNotification>,
      BodyOf<typeof createNotification>
    >({
      query: (body) => toRequest(createNotification, { body }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    // Where units are changes slowly and no call here changes it: these lists carry no tags.
    readAlignerCountries: build.query<ResponseOf<typeof readAlignerCountries>, void>({
      query: () => toRequest(readAlignerCountries),
    }),
    readAlignerRegions: build.query<
      ResponseOf<typeof readAlignerRegions>,
      QueryOf<typeof readAlignerRegions>
    >({
      query: (query) => toRequest(readAlignerRegions, { query }),
    }),
    readAlignerCities: build.query<ResponseOf<typeof readAlignerCities>, QueryOf<typeof readAlignerCities>>({
      query: (query) => toRequest(readAlignerCities, { query }),
    }),
  }),
});

export const {
  useReadNotificationsQuery,
  useCreateNotificationMutation,
  useReadAlignerCountriesQuery,
  useReadAlignerRegionsQuery,
  useReadAlignerCitiesQuery,
} = notificationsApi;
