import { savedViewKeys, type SavedView, type SavedViewScreen } from '@equipment-dashboard/contract';

/** The URL key of a deep link to a saved view (`?view=<id>`). */
export const VIEW_PARAM = 'view';

/**
 * The saved view a URL links to: a numeric `view` (the Update Scheduler's sub-tabs use the same key with
 * words, which are never ids), or null.
 */
export function linkedViewId(search: URLSearchParams): number | null {
  const value = search.get(VIEW_PARAM);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The URL without its link to a saved view (one that is not there, or not the user's to see). */
export function withoutViewLink(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(VIEW_PARAM);
  return next;
}

/**
 * The URL with a view applied: the screen's filters and sort replaced by the view's, on page 1, the link
 * removed; what is not the list's (the open unit, the family tab) is kept.
 */
export function applyView(
  search: URLSearchParams,
  view: Pick<SavedView, 'screen' | 'query'>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of [...savedViewKeys(view.screen), 'page', VIEW_PARAM]) next.delete(key);
  for (const [key, value] of Object.entries(view.query)) next.set(key, value);
  return next;
}

/** What a view saves of the screen's list query: its filters and sort, without the page or empty values. */
export function viewQuery(screen: SavedViewScreen, current: Record<string, unknown>): Record<string, string> {
  const keys = new Set(savedViewKeys(screen));
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(current)) {
    if (!keys.has(key) || value === undefined || value === null || value === '' || value === false) continue;
    query[key] = String(value);
  }
  return query;
}

/**
 * The deep link of a view: this page with the view's id, keeping the keys that are not the list's (the
 * Update Scheduler's family tab), so that the link opens the screen the view belongs to.
 */
export function viewLink(
  origin: string,
  pathname: string,
  search: URLSearchParams,
  view: Pick<SavedView, 'id' | 'screen'>,
): string {
  const kept = new URLSearchParams();
  const listKeys = new Set([...savedViewKeys(view.screen), 'page', VIEW_PARAM, 'serial']);
  for (const [key, value] of search) if (!listKeys.has(key)) kept.set(key, value);
  kept.set(VIEW_PARAM, String(view.id));
  return `${origin}${pathname}?${kept.toString()}`;
}
