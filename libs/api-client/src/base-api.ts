import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { type TokenResponse, tokenResponseSchema } from '@equipment-dashboard/contract';

/** The localStorage key the console keeps the token under (console-core §3: "a user-token key"). */
export const TOKEN_STORAGE_KEY = 'user-token';

/** The browser's storage, or null where there is none (a test without one, a locked-down browser). */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
}

/**
 * The stored token object of POST /auth/token/v1, or null when there is none or it is not a token
 * (an old or hand-edited value is treated as signed out).
 */
export function readStoredToken(): TokenResponse | null {
  const raw = storage()?.getItem(TOKEN_STORAGE_KEY);
  if (raw === null || raw === undefined) return null;
  try {
    const parsed = tokenResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the token object under {@link TOKEN_STORAGE_KEY}. */
export function storeToken(token: TokenResponse): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
}

/** Removes the stored token (sign-out). */
export function clearStoredToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
}

let unauthorizedHandler: (() => void) | null = null;

/**
 * Sets what happens when a call that carried a token is answered 401 (expired or revoked token):
 * the console signs out there. Pass null to remove it. A 401 to a call without a token (a failed
 * sign-in) does not call it: the sign-in form shows that failure itself.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

let apiBaseUrl = '';

/**
 * Sets the server's origin for every call ('' by default: the console is served by the same server
 * that answers the calls). Tests and tools outside a browser set an absolute origin.
 */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/+$/, '');
}

const rawBaseQuery = fetchBaseQuery({
  prepareHeaders: (headers) => {
    const token = readStoredToken();
    if (token) headers.set('Authorization', `Bearer ${token.access_token}`);
    return headers;
  },
});

/** fetchBaseQuery plus the configurable origin and the 401 hook. */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const result = await rawBaseQuery({ ...request, url: apiBaseUrl + request.url }, api, extraOptions);
  if (result.error?.status === 401 && result.meta?.request.headers.has('Authorization')) {
    unauthorizedHandler?.();
  }
  return result;
};

/** Every cache tag the area slices provide and invalidate. */
export const TAG_TYPES = [
  'Aligner',
  'Favorite',
  'ScreenShot',
  'Report',
  'TicketHistory',
  'Expired',
  'LatestVersion',
  'StagedTotals',
  'VersionTotals',
  'ServiceStatus',
  'TicketStatistics',
  'TopAligners',
  'Graph',
  'Ticket',
  'SpecUpdate',
  'Schedule',
  'SchedulerDevice',
  'SchedulerStatistics',
  'User',
  'Notification',
  'Message',
  'Fixture',
  'Target',
  'Pairing',
  'CameraCal',
  'Audit',
  'ChatSession',
  'AiStatistics',
  'SavedView',
  'UnitHistory',
  'Rollout',
  'Alert',
  'AlertCounts',
  'AlertRule',
  'Silence',
  'Webhook',
  'WebhookDelivery',
  'AlertPreferences',
  'FleetMap',
  'AccessToken',
  'Simulator',
] as const;
/** One of {@link TAG_TYPES}. */
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one RTK Query API of the console (tags only invalidate inside one API): each area injects
 * its endpoints in `<area>.api.ts`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
