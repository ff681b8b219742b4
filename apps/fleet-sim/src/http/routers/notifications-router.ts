import { notificationsEndpoints as n } from '@equipment-dashboard/contract';
import * as notifications from '../../services/notifications-service';
import * as places from '../../services/places-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Notifications (ads) of back-office §7.4, with the country, region and city lists of the wizard. */
export function mountNotifications(api: ApiRouter, deps: ServiceDeps): void {
  // Build the place index now, so the first wizard does not wait for it.
  places.placeIndex(deps).catch((err: unknown) => deps.logger.warn({ err }, 'place index not built yet'));
  api
    .on(n.readNotifications, ({ query }) => notifications.listNotifications(deps, query.page))
    .on(n.createNotification, ({ body, user }) => notifications.createNotification(deps, user, body))
    .on(n.readAlignerCountries, () => places.countries(deps))
    .on(n.readAlignerRegions, ({ query }) => places.regions(deps, query.countryName))
    .on(n.readAlignerCities, ({ query }) => places.cities(deps, query.countryName, query.region));
}
