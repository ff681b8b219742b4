import type { Fixture, Paged, Target } from '@equipment-dashboard/contract';
import {
  formatFixtureExpiry,
  INCLUDED_PACKAGE,
  subscriptionPackageByCode,
  subscriptionPackageByName,
  type SubscriptionPackageCode,
  type SubscriptionPackageName,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import * as ezRepo from '../store/repos/ezadas-repo';
import type { ServiceDeps } from './service-deps';

/** Fixture serial numbers are kept upper-case, as serial numbers everywhere else (decision). */
const fixtureSerial = (serialNumber: string) => serialNumber.trim().toUpperCase();

/** A stored expiry day ('YYYY-MM-DD') as the list shows it: 'M/D/YYYY', or 'N/A' when there is none. */
function expiryText(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return 'N/A';
  return formatFixtureExpiry(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A stored fixture as the contract answers it (back-office §3 "Fixture"). */
export function fixtureOf(row: ezRepo.FixtureRow): Fixture {
  return {
    serialNumber: row.serialNumber,
    activationCount: Math.max(0, row.activationCount),
    subscriptionPackage: subscriptionPackageByCode(row.subscriptionPackage)?.name ?? INCLUDED_PACKAGE,
    subscriptionExpires: expiryText(row.subscriptionExpires),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored target as the contract answers it. */
export function targetOf(row: ezRepo.TargetRow): Target {
  const pkg =
    subscriptionPackageByCode(row.packageIndex) ??
    subscriptionPackageByName(row.packageName) ??
    subscriptionPackageByCode(0);
  return {
    targetName: row.targetName,
    targetId: Math.max(0, row.targetId),
    packageName: (pkg?.name ?? INCLUDED_PACKAGE) as SubscriptionPackageName,
    packageIndex: (pkg?.code ?? 0) as SubscriptionPackageCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function existingFixture(deps: ServiceDeps, serialNumber: string): Promise<ezRepo.FixtureRow> {
  const row = await ezRepo.findFixture(deps.db, fixtureSerial(serialNumber));
  if (!row)
    throw new NotFoundError(`EZ ADAS fixture ${fixtureSerial(serialNumber)} does not exist.`, {
      serialNumber: fixtureSerial(serialNumber),
    });
  return row;
}

/** Back-office §2.8 Fixtures tab: 10 per page by serial number, filtered by the start of the serial. */
export async function listFixtures(
  deps: ServiceDeps,
  query: { page: number; filterSerialNumber?: string },
): Promise<Paged<Fixture>> {
  const { docs, totalDocs } = await ezRepo.listFixtures(deps.db, query.page, query.filterSerialNumber);
  return { docs: docs.map(fixtureOf), totalDocs };
}

/** Creates a fixture (back-office §7.5): `created` false when it already existed (the call answers 200, else 201). */
export async function createFixture(
  deps: ServiceDeps,
  caller: AuthUser,
  serialNumber: string,
): Promise<{ created: boolean; fixture: Fixture }> {
  const serial = fixtureSerial(serialNumber);
  const inserted = await ezRepo.insertFixture(deps.db, serial);
  if (inserted) {
    deps.logger.info({ serialNumber: serial, by: caller.username }, 'EZ ADAS fixture created');
    return { created: true, fixture: fixtureOf(inserted) };
  }
  return { created: false, fixture: fixtureOf(await existingFixture(deps, serial)) };
}

/** Resets the activation count to 0 (back-office §7.5): `reset` false when it had none (the call answers 204). */
export async function resetFixture(
  deps: ServiceDeps,
  caller: AuthUser,
  serialNumber: string,
): Promise<{ reset: boolean; fixture: Fixture }> {
  const row = await existingFixture(deps, serialNumber);
  if (row.activationCount <= 0) return { reset: false, fixture: fixtureOf(row) };
  const updated = await ezRepo.updateFixture(deps.db, row.serialNumber, { activationCount: 0 });
  if (!updated) throw new NotFoundError(`EZ ADAS fixture ${row.serialNumber} does not exist.`);
  deps.logger.info(
    { serialNumber: row.serialNumber, was: row.activationCount, by: caller.username },
    'EZ ADAS fixture reset',
  );
  return { reset: true, fixture: fixtureOf(updated) };
}

/**
 * Sets a fixture's subscription (back-office §5, §7.5): the package by code, the expiry from its
 * month, day and year (400 for a day that does not exist); Included has no expiry, so its date is
 * cleared whatever was sent (the console sends the 2078-12-21 placeholder). 404 for an unknown fixture.
 */
export async function setSubscription(
  deps: ServiceDeps,
  caller: AuthUser,
  body: {
    serialNumber: string;
    package: SubscriptionPackageCode;
    month?: number;
    day?: number;
    year?: number;
  },
): Promise<Fixture> {
  const row = await existingFixture(deps, body.serialNumber);
  const pkg = subscriptionPackageByCode(body.package);
  if (!pkg)
    throw new ValidationError(`Unknown subscription package ${body.package}.`, [
      { path: 'package', message: 'one of 0, 1, 4' },
    ]);
  let expires: string | null = null;
  if (pkg.name !== INCLUDED_PACKAGE) {
    const { year, month, day } = body;
    const date =
      year !== undefined && month !== undefined && day !== undefined
        ? new Date(Date.UTC(year, month - 1, day))
        : null;
    if (
      !date ||
      date.getUTCFullYear() !== year ||
      date.getUTCMonth() !== (month ?? 0) - 1 ||
      date.getUTCDate() !== day
    ) {
      throw new ValidationError(
        'The expiry date does not exist.',
        [{ path: 'day', message: 'not a day of that month' }],
        'invalid_date',
      );
    }
    expires = date.toISOString().slice(0, 10);
  }
  const updated = await ezRepo.updateFixture(deps.db, row.serialNumber, {
    subscriptionPackage: pkg.code,
    subscriptionExpires: expires,
  });
  if (!updated) throw new NotFoundError(`EZ ADAS fixture ${row.serialNumber} does not exist.`);
  deps.logger.info(
    { serialNumber: row.serialNumber, package: pkg.name, expires, by: caller.username },
    'EZ ADAS subscription set',
  );
  return fixtureOf(updated);
}

export async function deleteFixture(
  deps: ServiceDeps,
  caller: AuthUser,
  serialNumber: string,
): Promise<{ serialNumber: string; deleted: true }> {
  const serial = fixtureSerial(serialNumber);
  if (!(await ezRepo.deleteFixture(deps.db, serial)))
    throw new NotFoundError(`EZ ADAS fixture ${serial} does not exist.`, { serialNumber: serial });
  deps.logger.info({ serialNumber: serial, by: caller.username }, 'EZ ADAS fixture deleted');
  return { serialNumber: serial, deleted: true };
}

/** Back-office §2.8 Targets tab: 10 per page by target name. */
export async function listTargets(deps: ServiceDeps, page: number): Promise<Paged<Target>> {
  const { docs, totalDocs } = await ezRepo.listTargets(deps.db, page);
  return { docs: docs.map(targetOf), totalDocs };
}

interface TargetInput {
  targetName: string;
  targetId: number;
  packageName: SubscriptionPackageName;
  packageIndex: SubscriptionPackageCode;
}

/** Creates a target (answered 201); a target name that exists is 409. */
export async function createTarget(deps: ServiceDeps, caller: AuthUser, input: TargetInput): Promise<Target> {
  const row = await ezRepo.insertTarget(deps.db, input);
  if (!row)
    throw new ConflictError(
      `EZ ADAS target ${input.targetName} already exists.`,
      { targetName: input.targetName },
      'target_exists',
    );
  deps.logger.info({ targetName: row.targetName, by: caller.username }, 'EZ ADAS target created');
  return targetOf(row);
}

/**
 * Changes a target found by its name (back-office §2.8 Modify Target: the package; the target ID the
 * dialog sends along is stored too). 404 for an unknown name.
 */
export async function updateTarget(deps: ServiceDeps, caller: AuthUser, input: TargetInput): Promise<Target> {
  const row = await ezRepo.updateTarget(deps.db, input.targetName, {
    targetId: input.targetId,
    packageName: input.packageName,
    packageIndex: input.packageIndex,
  });
  if (!row)
    throw new NotFoundError(`EZ ADAS target ${input.targetName} does not exist.`, {
      targetName: input.targetName,
    });
  deps.logger.info({ targetName: row.targetName, by: caller.username }, 'EZ ADAS target updated');
  return targetOf(row);
}

export async function deleteTarget(
  deps: ServiceDeps,
  caller: AuthUser,
  targetName: string,
): Promise<{ targetName: string; deleted: true }> {
  if (!(await ezRepo.deleteTarget(deps.db, targetName)))
    throw new NotFoundError(`EZ ADAS target ${targetName} does not exist.`, { targetName });
  deps.logger.info({ targetName, by: caller.username }, 'EZ ADAS target deleted');
  return { targetName, deleted: true };
}
