import { z } from 'zod';
import {
  NOTIFICATION_MIME_TYPES,
  NOTIFICATION_TARGET_FAMILIES,
  NOTIFICATION_TARGET_TYPE,
  PERMISSIONS,
} from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, recordIdSchema, timestampSchema } from './primitives';
import { requiredText } from './query';
import { nonBlankText, safeText, TEXT_MAX } from './text';

// The notification entities (back-office §3).

/**
 * Whom a notification targets. `country` is the country code of the aligner countries list (the
 * same code units report in geolocation.country_code); region and city are null when blank.
 */
export const notificationTargetSchema = z.object({
  family: z.enum(NOTIFICATION_TARGET_FAMILIES),
  country: z.string().min(1),
  region: z.string().min(1).nullable(),
  city: z.string().min(1).nullable(),
});

/**
 * A notification (ad) of back-office §3. The spec lists no key; the stored record has a numeric
 * `id` so that tables and caches can tell two notifications of the same name apart.
 */
export const notificationSchema = z.object({
  id: recordIdSchema,
  name: z.string().min(1),
  resourcePath: z.string().min(1),
  mimeType: z.enum(NOTIFICATION_MIME_TYPES),
  beginsOn: timestampSchema,
  endsOn: timestampSchema,
  targetType: z.literal(NOTIFICATION_TARGET_TYPE),
  target: notificationTargetSchema,
});
/** See {@link notificationSchema}. */
export type Notification = z.infer<typeof notificationSchema>;

/** A country units are in: name and code (back-office §3). */
export const countrySchema = z.object({ countryName: z.string().min(1), countryCode: z.string().min(1) });
/** See {@link countrySchema}. */
export type Country = z.infer<typeof countrySchema>;
/** A region of a country. */
export const regionSchema = z.object({ region: z.string().min(1) });
/** See {@link regionSchema}. */
export type Region = z.infer<typeof regionSchema>;
/** A city of a region. */
export const citySchema = z.object({ city: z.string().min(1) });
/** See {@link citySchema}. */
export type City = z.infer<typeof citySchema>;

/** A blank optional text becomes null, as the wizard sends region and city (back-office §5). */
const blankToNull = safeText(TEXT_MAX.name)
  .nullable()
  .optional()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed === undefined || trimmed === '' ? null : trimmed;
  });

/**
 * Body of POST /create/notification/v1/: the notification's fields. Dates are the start of the
 * start day and the end of the end day; the end must not be before the beginning.
 */
export const createNotificationBodySchema = z
  .strictObject({
    name: requiredText,
    resourcePath: nonBlankText(TEXT_MAX.path),
    mimeType: z.enum(NOTIFICATION_MIME_TYPES),
    beginsOn: timestampSchema,
    endsOn: timestampSchema,
    targetType: z.literal(NOTIFICATION_TARGET_TYPE),
    target: z.strictObject({
      family: z.enum(NOTIFICATION_TARGET_FAMILIES),
      // A country of the aligner countries list by code or by name, in any case (the regions and cities
      // calls take the name); the server stores the code and answers 400 for neither.
      country: requiredText,
      region: blankToNull,
      city: blankToNull,
    }),
  })
  .refine((body) => Date.parse(body.endsOn) >= Date.parse(body.beginsOn), {
    message: 'endsOn must not be before beginsOn',
    path: ['endsOn'],
  });

const notifications = areaEndpoints('notifications');

export const readNotifications = notifications.get('readNotifications', '/read/notifications/v1/', {
  query: pagedListQuery(),
  response: paged(notificationSchema),
  summary: 'Lists notifications, 10 per page, latest beginning first.',
});

export const createNotification = notifications.post('createNotification', '/create/notification/v1/', {
  body: createNotificationBodySchema,
  // Not shown in the spec: the stored notification.
  response: notificationSchema,
  permission: PERMISSIONS.notificationsCreate,
  summary: 'Creates a notification (ad) for a market and a time period.',
});

export const readAlignerCountries = notifications.get('readAlignerCountries', '/read/aligner_countries/v1', {
  response: z.array(countrySchema),
  summary: 'Lists the countries units are in, by name.',
});

export const readAlignerRegions = notifications.get('readAlignerRegions', '/read/aligner_regions/v1', {
  query: z.object({ countryName: requiredText }),
  response: z.array(regionSchema),
  summary: 'Lists the regions of a country that units are in.',
});

export const readAlignerCities = notifications.get('readAlignerCities', '/read/aligner_cities/v1', {
  query: z.object({ countryName: requiredText, region: requiredText }),
  response: z.array(citySchema),
  summary: 'Lists the cities of a region that units are in.',
});

/** The notification calls of back-office §7.4, with the country, region and city lists. */
export const notificationsEndpoints = {
  readNotifications,
  createNotification,
  readAlignerCountries,
  readAlignerRegions,
  readAlignerCities,
} as const;
