import type { SavedView, SavedViewScreen } from '@equipment-dashboard/contract';
import { SAVED_VIEW_SCREENS } from '@equipment-dashboard/contract';
import { mayDeleteView, maySeeView } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ForbiddenError, NotFoundError } from '../core/errors';
import * as repo from '../store/repos/saved-views-repo';
import type { ServiceDeps } from './service-deps';

function viewOf(row: repo.SavedViewRow): SavedView {
  return {
    id: row.id,
    screen: row.screen as SavedViewScreen,
    name: row.name,
    owner: row.owner,
    shared: row.shared,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A screen's views the caller may apply: their own and the shared ones. */
export async function listSavedViews(
  deps: ServiceDeps,
  user: AuthUser,
  screen: SavedViewScreen,
): Promise<SavedView[]> {
  return (await repo.viewsFor(deps.db, screen, user.username)).map(viewOf);
}

/** Saves a view for the caller (shared: for everyone); consoles hear that the screen's views changed. */
export async function createSavedView(
  deps: ServiceDeps,
  user: AuthUser,
  input: { screen: SavedViewScreen; name: string; shared: boolean; query: Record<string, string> },
): Promise<SavedView> {
  const row = await repo.insertView(deps.db, { ...input, owner: user.username });
  deps.live.emit('SAVED_VIEWS_CHANGED', { screen: input.screen });
  return viewOf(row);
}

/** Deletes a view: its owner or an admin (403 for anyone else, 404 when there is none). */
export async function deleteSavedView(
  deps: ServiceDeps,
  user: AuthUser,
  id: number,
): Promise<{ id: number; deleted: true }> {
  const row = await repo.findView(deps.db, id);
  if (!row) throw new NotFoundError(`No saved view ${id}.`, { id });
  if (!mayDeleteView(user, row)) {
    throw new ForbiddenError(
      `Saved view ${id} belongs to ${row.owner}: only they or an admin may delete it.`,
      { id },
    );
  }
  if (!(await repo.deleteView(deps.db, id))) throw new NotFoundError(`No saved view ${id}.`, { id });
  deps.live.emit('SAVED_VIEWS_CHANGED', { screen: row.screen as SavedViewScreen });
  return { id, deleted: true };
}

/** What a saved view selects: its list and that list's filters and sort (the list call's query, without a page). */
export interface ResolvedSavedView {
  id: number;
  name: string;
  screen: SavedViewScreen;
  query: Record<string, string>;
}

/**
 * Resolves a saved view id to its screen and query, for code that targets "a saved view" (rollouts, bulk
 * actions). The caller must be allowed to apply it (their own or a shared one): 404 otherwise, as for an
 * unknown id, so that a private view's existence is not told.
 */
export async function resolveSavedView(
  deps: Pick<ServiceDeps, 'db'>,
  user: Pick<AuthUser, 'username'>,
  id: number,
): Promise<ResolvedSavedView> {
  const row = await repo.findView(deps.db, id);
  const screen = SAVED_VIEW_SCREENS.find((s) => s === row?.screen);
  if (!row || !screen || !maySeeView(user, row)) throw new NotFoundError(`No saved view ${id}.`, { id });
  return { id: row.id, name: row.name, screen, query: row.query };
}
