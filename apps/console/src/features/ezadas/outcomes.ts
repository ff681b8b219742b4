import { EZADAS_TEXTS as T } from './texts';

/**
 * What a user is told after an EZ ADAS call, chosen by the HTTP status as back-office §8 lists it
 * (`null`: the server was not reached). `settled` is true for the outcomes §7.5 names (the dialog's job
 * is done and it closes); false for a failure, after which the dialog stays open to try again.
 */
export interface EzOutcome {
  text: string;
  settled: boolean;
}

const outcome = (text: string, settled: boolean): EzOutcome => ({ text, settled });

/** Create fixture: 200 already exists, 201 created, anything else failed (§7.5, §8). */
export function createFixtureOutcome(status: number | null, serialNumber: string): EzOutcome {
  if (status === 200) return outcome(T.fixtureAlreadyExists(serialNumber), true);
  if (status === 201) return outcome(T.fixtureCreated(serialNumber), true);
  return outcome(T.fixtureCreationFailed, false);
}

/** Reset fixture: 200 reset, 204 no activations, anything else failed (§7.5, §8). */
export function resetFixtureOutcome(status: number | null, serialNumber: string): EzOutcome {
  if (status === 200) return outcome(T.fixtureReset(serialNumber), true);
  if (status === 204) return outcome(T.fixtureHasNoActivations(serialNumber), true);
  return outcome(T.fixtureResetFailed, false);
}

/** Subscription: 200 updated, 404 the fixture does not exist, anything else failed (§7.5, §8). */
export function subscriptionOutcome(status: number | null, serialNumber: string): EzOutcome {
  if (status === 200) return outcome(T.subscriptionUpdated(serialNumber), true);
  if (status === 404) return outcome(T.fixtureDoesNotExist(serialNumber), true);
  return outcome(T.subscriptionFailed, false);
}

/** Create target: 201 created, anything else failed (§7.5, §8). */
export function createTargetOutcome(status: number | null, targetName: string): EzOutcome {
  if (status === 201) return outcome(T.targetCreated(targetName), true);
  return outcome(T.targetCreationFailed, false);
}

/** Update target: 200 updated, 404 the target does not exist, anything else failed (§7.5, §8). */
export function updateTargetOutcome(status: number | null, targetName: string): EzOutcome {
  if (status === 200) return outcome(T.targetUpdated(targetName), true);
  if (status === 404) return outcome(T.targetDoesNotExist(targetName), true);
  return outcome(T.targetUpdateFailed, false);
}
