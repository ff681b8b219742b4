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

/**
 * The outcome function of a call: the §8 texts of the statuses §7.5 names (each given the fixture's serial
 * or the target's name), and the failure text for any other status.
 */
function outcomes(settledBy: Record<number, (name: string) => string>, failed: string) {
  return (status: number | null, name: string): EzOutcome => {
    const settled = status === null ? undefined : settledBy[status];
    return settled ? { text: settled(name), settled: true } : { text: failed, settled: false };
  };
}

/** Create fixture: 200 already exists, 201 created, anything else failed (§7.5, §8). */
export const createFixtureOutcome = outcomes(
  { 200: T.fixtureAlreadyExists, 201: T.fixtureCreated },
  T.fixtureCreationFailed,
);

/** Reset fixture: 200 reset, 204 no activations, anything else failed (§7.5, §8). */
export const resetFixtureOutcome = outcomes(
  { 200: T.fixtureReset, 204: T.fixtureHasNoActivations },
  T.fixtureResetFailed,
);

/** Subscription: 200 updated, 404 the fixture does not exist, anything else failed (§7.5, §8). */
export const subscriptionOutcome = outcomes(
  { 200: T.subscriptionUpdated, 404: T.fixtureDoesNotExist },
  T.subscriptionFailed,
);

/** Create target: 201 created, anything else failed (§7.5, §8). */
export const createTargetOutcome = outcomes({ 201: T.targetCreated }, T.targetCreationFailed);

/** Update target: 200 updated, 404 the target does not exist, anything else failed (§7.5, §8). */
export const updateTargetOutcome = outcomes(
  { 200: T.targetUpdated, 404: T.targetDoesNotExist },
  T.targetUpdateFailed,
);
