import type { AlertScopeKind } from '@equipment-dashboard/domain';
import { findView } from '../store/repos/saved-views-repo';
import type { Db } from '../store/database';
import {
  equipmentMatcher,
  type EquipmentFilters,
  type UnitFacts,
  type UnitIndex,
} from '../read-models/unit-index';

/** A rule's scope as a rule stores it. */
export interface StoredAlertScope {
  kind: AlertScopeKind;
  viewId?: number;
  viewName?: string;
  filters?: Record<string, string>;
  serials?: string[];
}

/** The units a rule or a silence watches: a test of one unit, and the scope's counts. */
export interface UnitScope {
  /** Whether the unit is in the scope (its values as the index holds them). */
  has(unit: Pick<UnitFacts, 'serialNumber' | 'family' | 'countryCode' | 'versionSemantic'>): boolean;
  /** The scope's units and how many of them are connected, from the index. */
  counts(index: UnitIndex): { total: number; connected: number };
  /** The serials a serials scope names (null for the other kinds). */
  serials: ReadonlySet<string> | null;
}

const FILTER_KEYS = [
  'filterSerialNumber',
  'filterCountryCode',
  'filterSoftwareVersion',
  'filterFamily',
] as const;

/** The equipment list's filters of a query (a saved view's, a scope's), blanks left out. */
export function equipmentFiltersOf(query: Record<string, unknown>): EquipmentFilters {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out as EquipmentFilters;
}

/** A scope over the equipment list's filters: the same tests and counts the list applies. */
export function filtersScope(filters: EquipmentFilters): UnitScope {
  const matches = equipmentMatcher(filters);
  return { has: matches, counts: (index) => index.equipmentCounts(filters), serials: null };
}

/** A scope of named serials (compared upper-cased, as serials are stored). */
export function serialsScope(serials: readonly string[]): UnitScope {
  const set = new Set(serials.map((s) => s.trim().toUpperCase()));
  return {
    has: (unit) => set.has(unit.serialNumber),
    counts(index) {
      let total = 0;
      let connected = 0;
      for (const serial of set) {
        const unit = index.unitFacts(serial);
        if (!unit) continue;
        total += 1;
        if (unit.connected) connected += 1;
      }
      return { total, connected };
    },
    serials: set,
  };
}

/** A scope that holds no unit (a saved view that was deleted). */
export const EMPTY_SCOPE: UnitScope = {
  has: () => false,
  counts: () => ({ total: 0, connected: 0 }),
  serials: new Set(),
};

/** The equipment filters of a saved view, or null when the view is gone or belongs to another list. */
export async function viewFilters(db: Db, viewId: number): Promise<EquipmentFilters | null> {
  const view = await findView(db, viewId);
  if (!view || view.screen !== 'equipment') return null;
  return equipmentFiltersOf(view.query);
}

/**
 * A rule's scope as a test of units: the whole fleet, a saved view's filters as the view has them now (a view
 * deleted since holds no unit, unless the rule kept its filters), the equipment list's filters, or serials.
 */
export async function resolveAlertScope(db: Db, scope: StoredAlertScope): Promise<UnitScope> {
  switch (scope.kind) {
    case 'fleet':
      return filtersScope({});
    case 'filters':
      return filtersScope(equipmentFiltersOf(scope.filters ?? {}));
    case 'serials':
      return serialsScope(scope.serials ?? []);
    case 'view': {
      const filters = scope.viewId === undefined ? null : await viewFilters(db, scope.viewId);
      if (filters) return filtersScope(filters);
      return scope.filters ? filtersScope(equipmentFiltersOf(scope.filters)) : EMPTY_SCOPE;
    }
  }
}
