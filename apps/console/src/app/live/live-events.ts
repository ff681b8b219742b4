import {
  LIVE_EVENT_SCHEMAS,
  type Aligner,
  type LiveEventName,
  type LiveEventPayloads,
} from '@equipment-dashboard/contract';
import {
  alertsApi,
  baseApi,
  bulkActionsApi,
  dashboardApi,
  equipmentApi,
  TAG_TYPES,
  type TagType,
} from '@equipment-dashboard/api-client';
import { compareVersions, type Family } from '@equipment-dashboard/domain';
import { trendSampleAdded } from '../../features/dashboard/trend-slice';
import { liveCountersApi } from '../../shared/api/live-counters.api';
import { alertShown } from '../../shared/ui/ui-slice';
import type { AppDispatch, RootState } from '../store';
import { LIVE_TEXTS } from '../texts';

/** What a handler needs: the store, and whose radar the favourite events concern. */
export interface LiveEventContext {
  dispatch: AppDispatch;
  getState: () => RootState;
  username: string;
}

/** One handler per server-to-client event of console-core §4. */
export type LiveEventHandlers = { [K in LiveEventName]: (payload: LiveEventPayloads[K]) => void };

const LATEST_ENDPOINT = {
  aligner: 'readLatestSoftwareVersion',
  gtps: 'readLatestGtpsSoftwareVersion',
  'aligner-oasis': 'readLatestOasisSoftwareVersion',
} as const satisfies Record<Family, string>;

/**
 * Applies each live event to the cache (console-core §4). High-rate values (counters, service status,
 * ticket statistics, favourites) are patched in place with `updateQueryData`; coarse ones (staged
 * totals, ticket lists) invalidate their tags so that whoever shows them reloads.
 */
export function liveEventHandlers({ dispatch, getState, username }: LiveEventContext): LiveEventHandlers {
  const invalidate = (tags: Parameters<typeof baseApi.util.invalidateTags>[0]) =>
    dispatch(baseApi.util.invalidateTags(tags));
  const refreshMap = throttled(() => invalidate([{ type: 'FleetMap', id: 'LIST' }]), 1_000);

  /** Patches every cached detail read of one unit (the detail dialog, the search). */
  const patchAligner = (serialNumber: string, recipe: (aligner: Aligner) => Aligner) => {
    const entries = baseApi.util.selectInvalidatedBy(getState(), [{ type: 'Aligner', id: serialNumber }]);
    for (const entry of entries) {
      if (entry.endpointName !== 'readAligner') continue;
      const args = entry.originalArgs as Parameters<typeof equipmentApi.endpoints.readAligner.initiate>[0];
      dispatch(equipmentApi.util.updateQueryData('readAligner', args, recipe));
    }
  };

  const patchFavorites = (recipe: (favorites: Aligner[]) => Aligner[]) =>
    dispatch(equipmentApi.util.updateQueryData('readFavorites', { username }, recipe));

  return {
    SERVICE_STATUS: (status) => {
      dispatch(dashboardApi.util.updateQueryData('checkServices', undefined, () => status));
    },
    RADAR_UPDATE_FAVORITE: (aligner) => {
      patchFavorites((list) =>
        list.map((item) => (item.serialNumber === aligner.serialNumber ? aligner : item)),
      );
      patchAligner(aligner.serialNumber, () => aligner);
    },
    RADAR_ADD_FAVORITE: (aligner) => {
      patchFavorites((list) =>
        list.some((item) => item.serialNumber === aligner.serialNumber) ? list : [...list, aligner],
      );
      patchAligner(aligner.serialNumber, (cached) => ({ ...cached, favorite: true }));
    },
    RADAR_REMOVE_FAVORITE: ({ serialNumber }) => {
      patchFavorites((list) => list.filter((item) => item.serialNumber !== serialNumber));
      patchAligner(serialNumber, (cached) => ({ ...cached, favorite: false }));
    },
    REPORT_SUPPORT_TICKET_CLOSED: (ticket) => {
      dispatch(alertShown(LIVE_TEXTS.ticketClosed(ticket)));
      invalidate([
        { type: 'Ticket', id: ticket.id },
        { type: 'Ticket', id: 'LIST' },
        { type: 'Aligner', id: ticket.serialNumber },
        { type: 'TicketHistory', id: ticket.serialNumber },
      ]);
    },
    REPORT_SUPPORT_TICKET_COMMENT_CREATED: (comment) => {
      dispatch(alertShown(LIVE_TEXTS.commentCreated(comment)));
      invalidate([
        { type: 'Ticket', id: comment.id },
        { type: 'TicketHistory', id: comment.serialNumber },
      ]);
    },
    REPORT_SUPPORT_TICKET_CREATED: (ticket) => {
      dispatch(alertShown(LIVE_TEXTS.ticketCreated(ticket)));
      invalidate([
        { type: 'Ticket', id: 'LIST' },
        { type: 'Aligner', id: ticket.serialNumber },
        { type: 'TicketHistory', id: ticket.serialNumber },
      ]);
    },
    NEW_SOFTWARE_UPDATE_CREATED: ({ family, version, path }) => {
      const endpoint = LATEST_ENDPOINT[family];
      const stored = dashboardApi.endpoints[endpoint].select()(getState());
      if (stored.data === undefined) {
        // Not loaded yet: nothing to compare with, so load it rather than guess.
        invalidate([{ type: 'LatestVersion', id: family }]);
        return;
      }
      if (stored.data !== null && compareVersions(version.semantic, stored.data.semantic) <= 0) return;
      dispatch(alertShown(LIVE_TEXTS.latestSoftware(version.semantic)));
      dispatch(
        dashboardApi.util.updateQueryData(endpoint, undefined, () => ({
          semantic: version.semantic,
          meta: version.meta,
          path,
        })),
      );
    },
    NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: () => {
      // No visible effect (console-core §4); the scheduler's cached reads are stale now.
      invalidate(['Schedule', 'SchedulerStatistics']);
    },
    SOFTWARE_UPDATES_STAGED: ({ family, serialNumber }) => {
      const tags: { type: TagType; id: string }[] = [
        { type: 'StagedTotals', id: family },
        { type: 'SchedulerDevice', id: 'LIST' },
      ];
      if (serialNumber) tags.push({ type: 'Aligner', id: serialNumber });
      invalidate(tags);
    },
    CONNECTION_COUNTERS: (counters) => {
      dispatch(liveCountersApi.util.updateQueryData('liveConnectionCounters', undefined, () => counters));
      dispatch(trendSampleAdded(counters.connectedAligners));
    },
    SUPPORT_TICKET_STATISTICS: (statistics) => {
      dispatch(dashboardApi.util.updateQueryData('readTicketStatistics', undefined, () => statistics));
    },
    BULK_ACTION_UPDATED: (progress) => {
      // The job's dialog reads the job; its progress bar moves with each chunk (the units list reloads at the end).
      dispatch(
        bulkActionsApi.util.updateQueryData('readBulkAction', { id: progress.id }, (job) => ({
          ...job,
          ...progress,
        })),
      );
    },
    SAVED_VIEWS_CHANGED: ({ screen }) => {
      invalidate([{ type: 'SavedView', id: screen }]);
    },
    ROLLOUT_UPDATED: ({ id }) => {
      // The list's phase bars and the open rollout (its failed units too) reload; nothing polls.
      invalidate([
        { type: 'Rollout', id },
        { type: 'Rollout', id: 'LIST' },
      ]);
    },
    ALERT_UPDATED: ({ alerts }) => {
      // Coarse: the open alerts list and detail reload, and the timelines of the units concerned (an alert's
      // changes are History entries of its unit).
      const tags: { type: TagType; id: string | number }[] = [{ type: 'Alert', id: 'LIST' }];
      for (const alert of alerts) {
        tags.push({ type: 'Alert', id: alert.id });
        if (alert.subject.serialNumber) tags.push({ type: 'UnitHistory', id: alert.subject.serialNumber });
      }
      invalidate(tags);
    },
    ALERT_COUNTS: (counts) => {
      // The bell's figures come whole with each change: patched in place, never read again.
      dispatch(alertsApi.util.updateQueryData('readAlertCounts', undefined, () => counts));
    },
    FLEET_MAP_CHANGED: () => {
      // An open map reads its cells again, at most once a second (several server processes each send theirs).
      refreshMap();
    },
    SIMULATOR_CHANGED: ({ change }) => {
      // A restore changed the whole world: every screen reads its data again.
      if (change === 'restore') return invalidate([...TAG_TYPES]);
      // A tester moved the clock, applied or cancelled a scenario, saved or imported a snapshot, saved or deleted a
      // scenario: an open Simulator screen reads them again.
      invalidate([
        { type: 'Simulator', id: 'CLOCK' },
        { type: 'Simulator', id: 'RUNS' },
        { type: 'Simulator', id: 'SNAPSHOTS' },
        { type: 'Simulator', id: 'LIBRARY' },
      ]);
    },
  };
}

/** Runs `run` at once, then at most once per `everyMs`, a call in between deferred to the end of the wait. */
function throttled(run: () => void, everyMs: number): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer) return;
    const wait = last + everyMs - Date.now();
    if (wait <= 0) {
      last = Date.now();
      run();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      run();
    }, wait);
  };
}

/**
 * Checks a payload against the contract before it reaches the cache: a malformed event is dropped
 * (and logged) instead of breaking a screen.
 */
export function parseLiveEvent<K extends LiveEventName>(
  name: K,
  payload: unknown,
): LiveEventPayloads[K] | null {
  const parsed = LIVE_EVENT_SCHEMAS[name].safeParse(payload);
  if (parsed.success) return parsed.data;
  console.warn(`live event ${name} dropped: its payload does not match the contract`, parsed.error.issues);
  return null;
}
