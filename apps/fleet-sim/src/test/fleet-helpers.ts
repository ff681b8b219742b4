import type { Family } from '@equipment-dashboard/domain';
import { connect, disconnect } from '../fleet/simulation';
import type { UnitRuntime } from '../fleet/unit-runtime';
import type { TestServer } from './test-server';

/** A unit of the test world matching `pick`, made connected or not as asked. */
export function unitWhere(t: TestServer, pick: (unit: UnitRuntime) => boolean, state: { connected?: boolean } = {}): UnitRuntime {
  const engine = t.server.deps.fleet.engine;
  const unit = [...engine.state.units.values()].find(pick);
  if (!unit) throw new Error('no unit in the test world matches');
  if (state.connected === true && !unit.connected) engine.change(unit, (u) => connect(u, engine.rng, engine.clock.now()));
  if (state.connected === false && unit.connected) engine.change(unit, (u) => disconnect(u, engine.clock.now()));
  return unit;
}

export function latestOf(t: TestServer, family: Family): string {
  const latest = t.server.deps.fleet.latest.of(family);
  if (!latest) throw new Error(`no published ${family} version in the test world`);
  return latest.semantic;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
