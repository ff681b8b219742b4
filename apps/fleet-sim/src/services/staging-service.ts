import type { StagedUpdate, UnstagedUpdate } from '@equipment-dashboard/contract';
import { stagingRefusal, type Family } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { isPending, desiredOf, updateStateFor } from '../fleet/desired-state';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { writeStaging, type StagedTarget } from '../store/repos/desired-repo';
import { stagingEvent } from '../store/repos/history-events';
import { recordHistory } from '../store/repos/history-repo';
import { indexedUnitOfRows } from '../read-models/unit-feed';
import { findSoftwareUpdate } from '../store/repos/releases-repo';
import * as unitsRepo from '../store/repos/units-repo';
import { numberOrNull } from '../store/repos/rows';
import type { ServiceDeps } from './service-deps';
import { inTransaction } from '../store/transaction';

const FAMILY_CALL: Record<Family, string> = {
  aligner: 'immediate_stage_of_software_update',
  gtps: 'immediate_stage_of_gtps_software_update',
  'aligner-oasis': 'immediate_stage_of_oasis_software_update',
};

function requireFamily(unit: unitsRepo.UnitRow, family: Family): void {
  const unitFamily = unit.family as Family;
  if (unitFamily !== family) {
    throw new ValidationError(
      `Unit ${unit.serialNumber} is a ${unitFamily} unit; use /create/${FAMILY_CALL[unitFamily]}/v1.`,
      {
        family: unitFamily,
      },
    );
  }
}

/**
 * The one path of a staging: the unit's desired state and its timeline entry commit together; once committed, this
 * process shows it at once (the staged totals, the unit's list row, the units it simulates) and other processes read
 * it from the store within a poll. False when the unit's staging changed since `found` was read.
 */
export async function commitStaging(
  deps: Pick<ServiceDeps, 'db' | 'readModels'>,
  found: unitsRepo.UnitWithDesired,
  target: StagedTarget | null,
  by: string,
  at: Date,
): Promise<boolean> {
  const written = await inTransaction(deps.db, async (t) => {
    const changed = await writeStaging(t, {
      serialNumber: found.unit.serialNumber,
      family: found.unit.family,
      shard: found.unit.shard,
      expectedRev: found.desired ? Number(found.desired.rev) : 0,
      target,
      by,
      at,
    });
    const change = target ? { semantic: target.semantic, auto: target.autoStaged } : null;
    if (changed) await recordHistory(t, [stagingEvent(found.unit.serialNumber, change, by, at)]);
    return changed;
  });
  if (!written) return false;
  const indexed = indexedUnitOfRows(found.unit, written.desired);
  deps.readModels.takeCommitted({
    counts: written.counts,
    units: indexed ? [indexed] : [],
    desired: [written.desired],
  });
  return true;
}

/**
 * Writes a unit's desired staging as `decide` answers from the unit as it is (it may throw to refuse). A concurrent
 * staging of the same unit makes it read the unit again.
 */
async function changeStaging(
  deps: ServiceDeps,
  user: AuthUser,
  serialNumber: string,
  decide: (found: unitsRepo.UnitWithDesired) => StagedTarget | null,
): Promise<unitsRepo.UnitWithDesired> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await unitsRepo.findUnitWithDesired(deps.db, serialNumber);
    if (!found) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
    if (await commitStaging(deps, found, decide(found), user.username, deps.clock.nowDate())) return found;
  }
  throw new ConflictError(
    `The staging of unit ${serialNumber} changed while this call ran; try again.`,
    undefined,
    'staging_changed',
  );
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
  const published =
    deps.world.latest.find(family, input.version.semantic) ??
    (await findSoftwareUpdate(deps.db, family, input.version.semantic));
  if (!published) {
    throw new ValidationError(`No ${family} update ${input.version.semantic} has been published.`, {
      version: input.version,
    });
  }
  const target = {
    semantic: published.semantic,
    meta: published.meta,
    path: published.path,
    autoStaged: Boolean(options.auto),
  };
  const found = await changeStaging(deps, user, input.serialNumber, ({ unit, desired: desiredRow }) => {
    requireFamily(unit, family);
    const desired = desiredOf(desiredRow);
    const doneRev = Number(unit.stagedRevDone);
    const updateState = updateStateFor(unit.updateState, numberOrNull(unit.flowRev), desired, doneRev);
    const refusal = stagingRefusal(
      {
        family,
        version: { semantic: unit.versionSemantic, meta: unit.versionMeta },
        pendingSoftwareDownload: isPending(desired, doneRev) ? desired.semantic : '',
        updateState: {
          downloading: updateState.downloading,
          softwareUpdateDownload: updateState.softwareUpdateDownload,
        },
      },
      deps.world.latest.byFamily(),
    );
    if (refusal) throw new ValidationError(refusal, { serialNumber: unit.serialNumber }, 'staging_refused');
    return target;
  });
  deps.logger.info(
    {
      serialNumber: found.unit.serialNumber,
      version: target.semantic,
      by: user.username,
      auto: target.autoStaged,
    },
    'update staged',
  );
  return {
    serialNumber: found.unit.serialNumber,
    family,
    version: { semantic: target.semantic, meta: target.meta },
    path: target.path,
  };
}

/** Unstage: the pending download is cleared (a download in progress stops when the unit reads it). */
export async function unstage(
  deps: ServiceDeps,
  user: AuthUser,
  family: Family,
  serialNumber: string,
): Promise<UnstagedUpdate> {
  await changeStaging(deps, user, serialNumber, ({ unit, desired }) => {
    requireFamily(unit, family);
    if (!isPending(desiredOf(desired), Number(unit.stagedRevDone))) {
      throw new ValidationError(
        `Unit ${serialNumber} has no staged update to unstage.`,
        undefined,
        'nothing_staged',
      );
    }
    return null;
  });
  deps.logger.info({ serialNumber, by: user.username }, 'update unstaged');
  return { serialNumber, family, pendingSoftwareDownload: '' };
}
