/**
 * The simulator's counting rules (issue 42): how many units a scenario's selection picks among those that match, and
 * what a scenario takes down and publishes, now and at its later steps. Plain data in, plain data out: the server
 * reads the fleet, these rules count.
 */

/** How a selection of a scenario limits its matches: a count, a share (0-1), or neither (every match). */
export interface SelectionLimit {
  count?: number;
  fraction?: number;
}

/**
 * The number of units a selection picks among `matching` units: at most `count`; a `fraction` of them rounded, at
 * least one when any matches; every match without either.
 */
export function selectionSize(matching: number, limit: SelectionLimit): number {
  if (limit.count !== undefined) return Math.min(limit.count, matching);
  if (limit.fraction !== undefined)
    return Math.min(matching, Math.max(matching > 0 ? 1 : 0, Math.round(matching * limit.fraction)));
  return matching;
}

/** One part of a scenario as the outline reads it: its changes now (`at` undefined) or at a later step. */
export interface ScenarioPart {
  /** When a step plays, as the scenario says it ('20m'); undefined for the changes made at once. */
  at?: string;
  services?: Readonly<Record<string, 'up' | 'down' | undefined>>;
  publish?: readonly { family: string; version: string }[];
}

/** What a scenario takes down and publishes, each with when (`at` null: at once). */
export interface ScenarioOutline {
  servicesDown: { service: string; at: string | null }[];
  releases: { family: string; version: string; at: string | null }[];
}

/** The services a scenario's parts take down and the releases they publish, in the scenario's order. */
export function scenarioOutline(parts: readonly ScenarioPart[]): ScenarioOutline {
  const outline: ScenarioOutline = { servicesDown: [], releases: [] };
  for (const part of parts) {
    const at = part.at ?? null;
    for (const [service, state] of Object.entries(part.services ?? {}))
      if (state === 'down') outline.servicesDown.push({ service, at });
    for (const release of part.publish ?? [])
      outline.releases.push({ family: release.family, version: release.version, at });
  }
  return outline;
}
