import {
  silenceActive,
  silenceMatches,
  type RecurringWindow,
  type SilenceFacts,
  type SilenceMatcher,
} from '@equipment-dashboard/domain';
import { equipmentMatcher, type UnitFacts, type UnitIndex } from '../../read-models/unit-index';
import { equipmentFiltersOf, viewFilters } from '../../services/alert-scope';
import type { StoredMatcher } from '../../services/silences-service';
import { unendedSilences, type SilenceRow } from '../../store/repos/silences-repo';
import { unitSerialsIn } from '../../store/repos/alert-groups-repo';
import type { Db } from '../../store/database';
import type { OpenAlert, RuleState, SilenceCheck } from './alert-book';

interface LoadedSilence {
  row: SilenceRow;
  facts: SilenceFacts;
  /** A saved view's test of a unit (undefined: the silence names no view; null: its view is gone, it matches nothing). */
  view: ((unit: UnitFacts) => boolean) | null | undefined;
}

/** The silences of one look: which are active now, and the one (if any) that holds an alert. */
export interface ActiveSilences {
  /** The active silences' ids: a look re-checks every firing and silenced alert when it changes. */
  signature: string;
  check: SilenceCheck;
}

/** The units of a country's regions, read once per fleet size (units do not move): the regions a silence names. */
const regionUnits = new WeakMap<Db, Map<string, { fleet: number; serials: Promise<ReadonlySet<string>> }>>();

function unitsOfRegions(
  db: Db,
  fleet: number,
  countryCode: string,
  regions: readonly string[],
): Promise<ReadonlySet<string>> {
  let byPlace = regionUnits.get(db);
  if (!byPlace) regionUnits.set(db, (byPlace = new Map()));
  const key = [countryCode, ...regions.map((r) => r.toLowerCase()).sort()].join('\u0000');
  const known = byPlace.get(key);
  if (known && known.fleet === fleet) return known.serials;
  const serials = unitSerialsIn(db, countryCode, regions).then((list) => new Set(list));
  byPlace.set(key, { fleet, serials });
  serials.catch(() => byPlace?.delete(key));
  return serials;
}

/**
 * Reads the silences that have not ended, resolves their saved views to tests of units and their regions to the
 * units there, and keeps those active at `now` (inside their recurring window, if any). Silences the system made for a planned outage come first, so
 * that an alert they hold says why the unit or service went down.
 */
export async function loadSilences(db: Db, index: UnitIndex, now: number): Promise<ActiveSilences> {
  const loaded: LoadedSilence[] = [];
  for (const row of await unendedSilences(db, new Date(now))) {
    const stored = row.matcher as StoredMatcher;
    const country = stored.countries?.length === 1 ? stored.countries[0] : undefined;
    const matcher: SilenceMatcher = {
      ruleId: stored.ruleId ?? null,
      serials: stored.serials?.map((s) => s.toUpperCase()) ?? null,
      families: stored.families ?? null,
      countries: stored.countries ?? null,
      services: stored.services ?? null,
      viewSerials: null,
      regionSerials:
        stored.regions?.length && country
          ? await unitsOfRegions(db, index.size, country, stored.regions)
          : null,
    };
    const facts: SilenceFacts = {
      matcher,
      startsAt: row.startsAt.getTime(),
      endsAt: row.endsAt.getTime(),
      recurring: (row.recurring as RecurringWindow | null) ?? null,
    };
    if (!silenceActive(facts, now)) continue;
    let view: LoadedSilence['view'];
    if (stored.viewId !== undefined) {
      const filters =
        (await viewFilters(db, stored.viewId)) ??
        (stored.viewFilters ? equipmentFiltersOf(stored.viewFilters) : null);
      view = filters ? equipmentMatcher(filters) : null;
    }
    loaded.push({ row, facts, view });
  }
  loaded.sort(
    (a, b) =>
      Number(b.row.createdBy === 'system') - Number(a.row.createdBy === 'system') || a.row.id - b.row.id,
  );
  const check: SilenceCheck = (
    rule: RuleState,
    alert: Pick<OpenAlert, 'serialNumber' | 'family' | 'service'>,
  ) => {
    if (loaded.length === 0) return null;
    const unit = alert.serialNumber ? index.unitFacts(alert.serialNumber) : undefined;
    const subject = {
      ruleId: rule.id,
      serialNumber: alert.serialNumber,
      family: alert.family ?? unit?.family ?? null,
      countryCode: unit?.countryCode ?? null,
      service: alert.service,
    };
    for (const s of loaded) {
      if (s.view === null) continue;
      if (s.view && !(unit && s.view(unit))) continue;
      if (silenceMatches(s.facts.matcher, subject)) return { id: s.row.id, reason: s.row.reason };
    }
    return null;
  };
  return { signature: loaded.map((s) => s.row.id).join(','), check };
}
