import { UPDATE_FAILED_STATE } from '@equipment-dashboard/domain';
import type { Rng } from '../core/random';
import type { FleetState } from './fleet-state';
import { advanceFlow } from './update-flow';
import { IDLE_STATE, type UnitRuntime } from './unit-runtime';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The field's rhythm, in simulated time: a unit stays connected about 3 hours and offline about 2
 * (so about 60% are connected), does an alignment about every 45 minutes while connected, and a
 * flapping unit changes every couple of minutes.
 */
export const RHYTHM = {
  meanOnline: 3 * HOUR,
  meanOffline: 2 * HOUR,
  meanBetweenAlignments: 45 * MINUTE,
  meanFlap: 2 * MINUTE,
  /** A unit the gateway's outage cut off retries: it is back about this long after the gateway is. */
  meanReconnectAfterOutage: 1 * MINUTE,
  /** A tick never changes more than this share of the fleet, however far the clock jumped. */
  maxShareChangedPerTick: 0.05,
} as const;

const PROCEDURES = [
  'Idle',
  'Vehicle Selection',
  'Measuring',
  'Adjusting',
  'Printing Report',
  'Calibration',
] as const;

export interface TickContext {
  state: FleetState;
  rng: Rng;
  from: number;
  to: number;
  /** False while the gateway (charon) is down: nothing connects and connected units drop. */
  gatewayUp: boolean;
  /** Multiplies connection churn (scenarios and the benchmark turn it up). */
  churn: number;
  /** Share of update installs that fail (scenario key `failureRates.update`; 0 when unset). */
  updateFailureRate?: number;
  /** The same by the version installed (scenario key `updateFailureRates`), over `updateFailureRate`. */
  updateFailureRates?: Readonly<Record<string, number>>;
}

/**
 * The share of installs of `version` that fail: its own rate (the key naming it, else the longest prefix key ending
 * in '.' or '*' that it starts with), else `fallback` (the fleet's rate).
 */
export function updateFailureRateOf(
  version: string,
  byVersion: Readonly<Record<string, number>> | undefined,
  fallback: number,
): number {
  if (!byVersion) return fallback;
  const exact = byVersion[version];
  if (exact !== undefined) return exact;
  let longest = -1;
  let rate = fallback;
  for (const [key, value] of Object.entries(byVersion)) {
    const prefix = key.endsWith('*') ? key.slice(0, -1) : key.endsWith('.') ? key : null;
    if (prefix !== null && version.startsWith(prefix) && prefix.length > longest) {
      longest = prefix.length;
      rate = value;
    }
  }
  return rate;
}

/** The most units one tick may change (see RHYTHM.maxShareChangedPerTick). */
function tickCap(state: FleetState): number {
  return Math.max(1, Math.floor(state.units.size * RHYTHM.maxShareChangedPerTick));
}

/** Draws how many of `n` members change in `dt`, at mean time `mean` between changes (the expected count, dithered). */
function draws(rng: Rng, n: number, dt: number, mean: number, cap: number): number {
  const expected = (n * dt) / mean;
  const whole = Math.floor(expected);
  return Math.min(cap, whole + (rng.next() < expected - whole ? 1 : 0));
}

function randomAddress(rng: Rng): string {
  // One flat string: a template of a dozen parts is a tree of string pieces, about 250 bytes a unit, where a
  // simulator holds half a million units (join builds the characters once).
  return [
    '::ffff:10.',
    rng.int(0, 255),
    '.',
    rng.int(0, 255),
    '.',
    rng.int(2, 254),
    ',',
    rng.int(23, 223),
    '.',
    rng.int(0, 255),
    '.',
    rng.int(0, 255),
    '.',
    rng.int(1, 254),
  ].join('');
}

export function connect(unit: UnitRuntime, rng: Rng, now: number): void {
  unit.connected = true;
  unit.connectCount += 1;
  unit.port = rng.int(20_000, 60_999);
  unit.address = randomAddress(rng);
  unit.currentProcedure = 'Idle';
  unit.lastSeenOnlineAt = now;
}

export function disconnect(unit: UnitRuntime, now: number): void {
  unit.connected = false;
  unit.port = null;
  unit.address = null;
  unit.currentProcedure = null;
  unit.lastSeenOnlineAt = now;
  unit.sshPortOpenUntil = null;
}

/** The units an outage cut off come back at their retry rhythm, not the field's hours-long one. */
function reconnectAfterOutage(ctx: TickContext): void {
  const { state, rng, from, to } = ctx;
  const cut = state.cutOffByOutage;
  if (cut.size === 0) return;
  const cap = tickCap(state);
  let back = draws(rng, cut.size, to - from, RHYTHM.meanReconnectAfterOutage, cap);
  for (const unit of cut) {
    if (back <= 0) break;
    cut.delete(unit);
    // A unit a scenario connected or flipped meanwhile needs nothing more.
    if (unit.connected) continue;
    state.change(unit, to, (u) => connect(u, rng, to));
    back -= 1;
  }
}

function churnConnections(ctx: TickContext): void {
  const { state, rng, from, to } = ctx;
  const dt = to - from;
  const cap = tickCap(state);
  if (!ctx.gatewayUp) {
    for (const unit of [...state.connectedPool]) {
      state.change(unit, to, (u) => disconnect(u, to));
      state.cutOffByOutage.add(unit);
    }
    return;
  }
  reconnectAfterOutage(ctx);
  const drops = draws(rng, state.connectedPool.size, dt * ctx.churn, RHYTHM.meanOnline, cap);
  for (let i = 0; i < drops && state.connectedPool.size > 0; i++) {
    const unit = state.connectedPool.at(rng.int(0, state.connectedPool.size - 1));
    if (unit) state.change(unit, to, (u) => disconnect(u, to));
  }
  const joins = draws(rng, state.offlinePool.size, dt * ctx.churn, RHYTHM.meanOffline, cap);
  for (let i = 0; i < joins && state.offlinePool.size > 0; i++) {
    const unit = state.offlinePool.at(rng.int(0, state.offlinePool.size - 1));
    if (unit) state.change(unit, to, (u) => connect(u, rng, to));
  }
  // A flapping unit changes about every meanFlap; a long clock step plays every change it covers.
  for (const unit of state.flapping) {
    const flips = Math.min(50, draws(rng, 1, dt, RHYTHM.meanFlap, Number.MAX_SAFE_INTEGER));
    for (let i = 0; i < flips; i++)
      state.change(unit, to, (u) => (u.connected ? disconnect(u, to) : connect(u, rng, to)));
  }
}

function doAlignments(ctx: TickContext): void {
  const { state, rng, from, to } = ctx;
  const cap = tickCap(state);
  const count = draws(rng, state.connectedPool.size, to - from, RHYTHM.meanBetweenAlignments, cap);
  for (let i = 0; i < count; i++) {
    const unit = state.connectedPool.at(rng.int(0, state.connectedPool.size - 1));
    if (!unit) break;
    unit.alignmentCount += 1;
    unit.currentProcedure = PROCEDURES[rng.int(0, PROCEDURES.length - 1)] ?? 'Idle';
    state.aggregates.offerTop(unit);
    state.touch(unit, to);
  }
}

function advanceFlows(ctx: TickContext): void {
  const { state, from, to } = ctx;
  for (const unit of [...state.inFlow]) {
    const flow = unit.flow;
    if (!flow) continue;
    const wasDownloading = flow.phase === 'downloading';
    const before = state.aggregates.snapshot(unit);
    const phaseChanged = advanceFlow(flow, unit.connected, from, to);
    // A failing install ends the flow without the new version: the updater reports the failure and the staging is
    // spent (nothing pending any more), as a real unit's updater gives up on an update it could not install.
    const rate =
      flow.phase === 'complete'
        ? updateFailureRateOf(flow.target.semantic, ctx.updateFailureRates, ctx.updateFailureRate ?? 0)
        : 0;
    if (flow.phase === 'complete' && rate > 0 && ctx.rng.next() < rate) {
      state.aggregates.update(unit, before);
      state.change(unit, to, (u) => {
        u.stagedRevDone = Math.max(u.stagedRevDone, flow.rev);
        u.flow = null;
        u.idleState = UPDATE_FAILED_STATE;
      });
    } else if (flow.phase === 'complete') {
      // The flow's phase moved before the change below looks: count that move first.
      state.aggregates.update(unit, before);
      state.change(unit, to, (u) => {
        u.versionSemantic = flow.target.semantic;
        u.versionMeta = flow.target.meta;
        u.stagedRevDone = Math.max(u.stagedRevDone, flow.rev);
        u.flow = null;
        u.idleState = 'INSTALLATION_COMPLETE';
      });
      state.installedNow.push(unit);
    } else if (phaseChanged) {
      state.aggregates.update(unit, before);
      state.touch(unit, to);
    } else if (wasDownloading && unit.connected && !flow.hung) {
      state.touch(unit, to, 'progress');
    }
  }
}

function expireTimers(ctx: TickContext): void {
  const { state, to } = ctx;
  for (const unit of [...state.sshOpen]) {
    if ((unit.sshPortOpenUntil ?? 0) <= to) state.change(unit, to, (u) => (u.sshPortOpenUntil = null));
  }
  for (const unit of [...state.busy]) {
    if ((unit.busyUntil ?? 0) <= to) {
      state.change(unit, to, (u) => {
        u.busyUntil = null;
        u.idleState = IDLE_STATE;
      });
    }
  }
}

/** One step of the fleet from `from` to `to` (simulated ms). */
export function simulate(ctx: TickContext): void {
  if (ctx.to <= ctx.from) return;
  churnConnections(ctx);
  doAlignments(ctx);
  advanceFlows(ctx);
  expireTimers(ctx);
}
