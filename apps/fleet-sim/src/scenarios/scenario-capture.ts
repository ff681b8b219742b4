import {
  bulkSelectionQuerySchema,
  CAPTURE_UNITS_MAX,
  captureTooManyMessage,
  type CapturedScenario,
  type CaptureSelection,
  type VoltagesReport,
} from '@equipment-dashboard/contract';
import { hasVoltageOutOfRange } from '@equipment-dashboard/domain';
import { Document, isMap, isSeq, visit } from 'yaml';
import type { AuthUser } from '../auth/auth-user';
import { ValidationError } from '../core/errors';
import { desiredOf, isPending } from '../fleet/desired-state';
import { flowOfRow } from '../fleet/runtime-codec';
import type { ListFilters } from '../read-models/unit-index';
import { resolveSavedView } from '../services/saved-views-service';
import type { ServiceDeps } from '../services/service-deps';
import { readRuntimeRowsOf, type RuntimeRow } from '../store/repos/runtime-repo';
import { latestReports } from '../store/repos/units-repo';
import type { Scenario, UnitChange } from './scenario-schema';

/** The update phases a scenario's `update` can put a unit in (restarting and complete pass within seconds). */
const CAPTURED_PHASES = new Set(['pending', 'downloading', 'validating', 'readyToInstall', 'installing']);

/** The equipment list's filters as the list reads them (blanks are no filter). */
function filtersOf(query: Record<string, unknown>): ListFilters {
  const parsed = bulkSelectionQuerySchema.safeParse(
    Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'sortBy' && key !== 'sortDesc')),
  );
  if (!parsed.success)
    throw new ValidationError(
      'The saved view holds filters the equipment list does not take.',
      parsed.error.issues,
    );
  return Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== undefined && value !== ''),
  ) as ListFilters;
}

/** The serials of a selection: as named, or every unit the equipment list's filters (or a view's) match now. */
async function serialsOf(deps: ServiceDeps, user: AuthUser, selection: CaptureSelection): Promise<string[]> {
  if (selection.serials) return [...new Set(selection.serials.map((s) => s.trim()))];
  if (selection.filters) return deps.readModels.index.serialsMatchingEquipment(filtersOf(selection.filters));
  const view = await resolveSavedView(deps, user, selection.viewId ?? 0);
  if (view.screen !== 'equipment')
    throw new ValidationError(
      `Saved view ${view.name} is a view of another list, not of the equipment list.`,
      [{ path: 'selection.viewId', message: 'Not an equipment list view.' }],
    );
  return deps.readModels.index.serialsMatchingEquipment(filtersOf(view.query));
}

const percent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 1000) / 10 : 0);

/** What a unit shows now, as the one unit rule that puts a unit of the same world so again. */
function changeOf(row: RuntimeRow, voltages: unknown, now: number): UnitChange {
  const desired = desiredOf(row.desired);
  const flow = flowOfRow(row, desired, now);
  const change: UnitChange = { connected: row.connected, version: row.versionSemantic };
  if (flow && CAPTURED_PHASES.has(flow.phase)) {
    const update: NonNullable<UnitChange['update']> = {
      phase: flow.phase as NonNullable<UnitChange['update']>['phase'],
      target: flow.target.semantic,
    };
    if (flow.phase === 'downloading')
      update.progress = percent(flow.software.bytesTransferred, flow.software.totalBytes);
    if (flow.phase === 'installing') update.progress = flow.installProgress;
    if (flow.hung) update.hung = true;
    change.update = update;
  } else {
    change.staged = isPending(desired, row.stagedRevDone) ? desired.semantic : false;
  }
  const report = voltages as VoltagesReport | undefined;
  if (report && hasVoltageOutOfRange(report)) change.voltages = 'outOfRange';
  return change;
}

/** The scenario as YAML: each rule's serials on wrapped lines rather than one line each. */
function yamlOf(scenario: Scenario): string {
  const doc = new Document(scenario);
  visit(doc, {
    Pair(_key, pair) {
      if (isMap(pair.value) && pair.key && String((pair.key as { value?: unknown }).value) === 'select') {
        const serials = pair.value.get('serials', true);
        if (isSeq(serials)) serials.flow = true;
      }
    },
  });
  return doc.toString({ lineWidth: 110 });
}

/**
 * "Capture as scenario": a scenario that, applied to the same world (the same seed, started afresh), puts the selected
 * units back into the states they show now: connected or not, their version, their staged update or update phase (a
 * download at its percent, hung or not), voltages out of range. Units in the same state share one rule. Read from the
 * store (what this process's simulator holds is written there first), so any API process of a cluster captures.
 */
export async function captureScenario(
  deps: ServiceDeps,
  user: AuthUser,
  selection: CaptureSelection,
): Promise<CapturedScenario> {
  const serials = await serialsOf(deps, user, selection);
  if (serials.length === 0)
    throw new ValidationError('No unit matches the selection.', undefined, 'empty_selection');
  if (serials.length > CAPTURE_UNITS_MAX)
    throw new ValidationError(
      captureTooManyMessage(serials.length),
      { count: serials.length },
      'too_many_units',
    );
  await deps.sim?.engine.flush();
  const rows = await readRuntimeRowsOf(deps.db, serials);
  if (rows.length < serials.length) {
    const found = new Set(rows.map((r) => r.serialNumber));
    const missing = serials.filter((s) => !found.has(s));
    throw new ValidationError(
      `No unit with serial number ${missing.join(', ')}.`,
      { missing },
      'unknown_serials',
    );
  }
  const voltages = await latestReports(deps.db, serials, 'voltages');
  const now = deps.clock.now();
  const rules = new Map<string, { serials: string[]; set: UnitChange }>();
  const order = new Map(serials.map((s, i) => [s, i]));
  rows.sort((a, b) => (order.get(a.serialNumber) ?? 0) - (order.get(b.serialNumber) ?? 0));
  for (const row of rows) {
    const set = changeOf(row, voltages.get(row.serialNumber), now);
    const key = JSON.stringify(set);
    const rule = rules.get(key);
    if (rule) rule.serials.push(row.serialNumber);
    else rules.set(key, { serials: [row.serialNumber], set });
  }
  const at = new Date(now).toISOString();
  const scenario = {
    name: 'captured-units',
    description: `${rows.length} units as they were at ${at} (simulated), captured by ${user.username} from the world of seed ${deps.config.FLEET_SEED}: apply it to that world to put them so again.`,
    units: [...rules.values()].map((rule) => ({ select: { serials: rule.serials }, set: rule.set })),
  } as Scenario;
  return { yaml: yamlOf(scenario), units: rows.length };
}
