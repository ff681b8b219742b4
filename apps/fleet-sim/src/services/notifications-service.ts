import type { Notification, Paged } from '@equipment-dashboard/contract';
import {
  canCreateNotification,
  NOTIFICATION_MIME_TYPES,
  NOTIFICATION_TARGET_FAMILIES,
  NOTIFICATION_TARGET_TYPE,
  notificationTargetOf,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ValidationError } from '../core/errors';
import * as notificationsRepo from '../store/repos/notifications-repo';
import { placeIndex } from './places-service';
import type { ServiceDeps } from './service-deps';

const orNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);

/** A stored notification as the contract answers it. */
export function notificationOf(row: notificationsRepo.NotificationRow): Notification {
  return {
    id: row.id,
    name: row.name,
    resourcePath: row.resourcePath,
    mimeType: NOTIFICATION_MIME_TYPES.find((m) => m === row.mimeType) ?? 'text/html',
    beginsOn: row.beginsOn.toISOString(),
    endsOn: row.endsOn.toISOString(),
    targetType: NOTIFICATION_TARGET_TYPE,
    target: {
      family: NOTIFICATION_TARGET_FAMILIES.find((f) => f === row.target.family) ?? 'all',
      country: row.target.country,
      region: orNull(row.target.region),
      city: orNull(row.target.city),
    },
  };
}

/** Back-office §2.6: the notifications table, 10 per page, the latest beginning first. */
export async function listNotifications(deps: ServiceDeps, page: number): Promise<Paged<Notification>> {
  const { docs, totalDocs } = await notificationsRepo.listNotifications(deps.db, page);
  return { docs: docs.map(notificationOf), totalDocs };
}

export interface NotificationInput {
  name: string;
  resourcePath: string;
  mimeType: string;
  beginsOn: string;
  endsOn: string;
  targetType: string;
  target: { family: string; country: string; region: string | null; city: string | null };
}

/**
 * Creates a notification (back-office §2.6 wizard, §5): the Create rule of libs/domain, region and city
 * null when blank, and the dates as sent (the start of the first day and the end of the last). Decision:
 * the target must be a place units are in (the wizard offers only those): the country is a code or a
 * name of the aligner countries list (ignoring case; the code is stored), the region one of its regions,
 * the city one of the region's cities (400).
 */
export async function createNotification(
  deps: ServiceDeps,
  caller: AuthUser,
  input: NotificationInput,
): Promise<Notification> {
  const target = notificationTargetOf(input.target);
  const form = { ...input, family: target.family, country: target.country };
  if (!canCreateNotification(form)) {
    throw new ValidationError('Name, MIME type, path, target type, family and country are required.', [
      { path: '(root)', message: 'Required' },
    ]);
  }
  const places = await placeIndex(deps);
  const problems: { path: string; message: string }[] = [];
  const country = places.countryCodeOf(target.country) ?? target.country.toUpperCase();
  if (!places.hasCountry(country)) {
    const example = places.countries[0];
    problems.push({
      path: 'target.country',
      message:
        `no units are in ${target.country}: give the code or the name of a country of /read/aligner_countries/v1, in any case` +
        (example ? ` (e.g. '${example.countryCode}' or '${example.countryName}')` : ''),
    });
  } else if (target.region !== null && !places.hasRegion(country, target.region)) {
    problems.push({ path: 'target.region', message: `no units are in ${target.region}, ${country}` });
  } else if (target.city !== null && target.region === null) {
    problems.push({ path: 'target.region', message: 'Required with a city' });
  } else if (
    target.city !== null &&
    target.region !== null &&
    !places.hasCity(country, target.region, target.city)
  ) {
    problems.push({ path: 'target.city', message: `no units are in ${target.city}, ${target.region}` });
  }
  if (problems.length > 0)
    throw new ValidationError(
      'The notification target is not a place units are in.',
      problems,
      'unknown_place',
    );
  const row = await notificationsRepo.insertNotification(deps.db, {
    name: input.name,
    resourcePath: input.resourcePath,
    mimeType: input.mimeType,
    beginsOn: new Date(input.beginsOn),
    endsOn: new Date(input.endsOn),
    targetType: NOTIFICATION_TARGET_TYPE,
    target: { ...target, country },
    createdBy: caller.username,
  });
  deps.logger.info({ id: row.id, by: caller.username }, 'notification created');
  return notificationOf(row);
}
