import type { StagedUpdate, UnstagedUpdate } from '@equipment-dashboard/api';
import { stagingRefusal, type Family } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { isPending } from '../fleet/desired-state';
import { NotFoundError, ValidationError } from '../http/errors';
import { writeStaging } from '../store/repos/desired-repo';
import { findSoftwareUpdate } from '../store/repos/releases-repo';
import * as unitsRepo from '../store/repos/units-repo';
import { desiredOf, numberOrNull, updateStateFor } from './equipment-service';
import type { ServiceDeps } from './service-deps';

const FAMILY_CALL: Record<Family, string> = {
  aligner: 'immediate_stage_of_software_update',
  gtps: 'immediate_stage_of_gtps_software_update',
  'aligner-oasis': 'immediate_stage_of_oasis_software_update',
};

async function unitOfFamily(deps: ServiceDeps, serialNumber: string, family: Family): Promise<unitsRepo.UnitWithDesired> {
  const found = await unitsRepo.findUnitWithDesired(deps.db, serialNumber);
  if (!found) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  const unitFamily = found.unit.family as Family;
  if (unitFamily !== family) {
    throw new ValidationError(`Unit ${serialNumber} is a ${unitFamily} unit; use /create/${FAMILY_CALL[unitFamily]}/v1.`, {
      family: unitFamily,
    });
  }
  return found;
}

/**
 * Stages a published update on a unit (console-core §4): only when the unit is below its family's
 * latest, nothing at or above it is pending or downloading, and (plain aligners) it runs 4.0.0 or
 * newer. The staging is the unit's desired state: committed to the store before the answer, the unit
 * reads it (within a second) and its updater takes it from there.
 */
export async function stage(
  deps: ServiceDeps,
  user: AuthUser,
  family: Family,
  input: { serialNumber: string; version: { semantic: string; meta: string }; path: string },
  options: { auto?: boolean } = {},
): Promise<StagedUpdate> {
  const { unit, desired: desiredRow } = await unitOfFamily(deps, input.serialNumber, family);
  const published = await findSoftwareUpdate(deps.db, family, input.version.semantic);
  if (!published) {
    throw new ValidationError(`No ${family} update ${input.version.semantic} has been published.`, { version: input.version });
  }
  const desired = desiredOf(desiredRow);
  const doneRev = Number(unit.stagedRevDone);
  const updateState = updateStateFor(unit.updateState, numberOrNull(unit.flowRev), desired, doneRev);
  const refusal = stagingRefusal(
    {
      family,
      version: { semantic: unit.versionSemantic, meta: unit.versionMeta },
      pendingSoftwareDownload: isPending(desired, doneRev) ? desired.semantic : '',
      updateState: { downloading: updateState.downloading, softwareUpdateDownload: updateState.softwareUpdateDownload },
    },
    deps.world.latest.byFamily(),
  );
  if (refusal) throw new ValidationError(refusal, { serialNumber: unit.serialNumber }, 'staging_refused');
  const target = { semantic: published.semantic, meta: published.meta, path: published.path, autoStaged: Boolean(options.auto) };
  const written = await writeStaging(deps.db, { serialNumber: unit.serialNumber, target, by: user.username, at: deps.clock.nowDate() });
  if (!written) throw new NotFoundError(`No unit with serial number ${input.serialNumber}.`);
  await deps.follower.wake();
  deps.logger.info({ serialNumber: unit.serialNumber, version: target.semantic, by: user.username, auto: target.autoStaged }, 'update staged');
  return { serialNumber: unit.serialNumber, family, version: { semantic: target.semantic, meta: target.meta }, path: target.path };
}

/** Unstage: the pending download is cleared (a download in progress stops when the unit reads it). */
export async function unstage(deps: ServiceDeps, user: AuthUser, family: Family, serialNumber: string): Promise<UnstagedUpdate> {
  const { unit, desired } = await unitOfFamily(deps, serialNumber, family);
  if (!isPending(desiredOf(desired), Number(unit.stagedRevDone))) {
    throw new ValidationError(`Unit ${serialNumber} has no staged update to unstage.`, undefined, 'nothing_staged');
  }
  await writeStaging(deps.db, { serialNumber, target: null, by: user.username, at: deps.clock.nowDate() });
  await deps.follower.wake();
  deps.logger.info({ serialNumber, by: user.username }, 'update unstaged');
  return { serialNumber, family, pendingSoftwareDownload: '' };
}
