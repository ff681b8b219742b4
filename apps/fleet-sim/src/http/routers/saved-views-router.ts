import { savedViewsEndpoints as v } from '@equipment-dashboard/contract';
import { createSavedView, deleteSavedView, listSavedViews } from '../../services/saved-views-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Saved views of the lists: read by every role, saved and deleted with saveViews. */
export function mountSavedViews(api: ApiRouter, deps: ServiceDeps): void {
  api.on(v.readSavedViews, ({ query, user }) => listSavedViews(deps, user, query.screen));
  api.on(v.createSavedView, ({ body, user }) => createSavedView(deps, user, body));
  api.on(v.deleteSavedView, ({ body, user }) => deleteSavedView(deps, user, body.id));
}
