import type { StagedUpdate, UnstagedUpdate } from '@equipment-dashboard/api';
import { stagingRefusal, type Family } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { startFlow } from '../fleet/update-flow';
import { IDLE_STATE, type TargetVersion, type UnitRuntime } from '../fleet/unit-runtime';
import { NotFoundError, ValidationError } from '../http/errors';
import { findSoftwareUpdate } from '../store/repos/releases-repo';
import type { ServiceDeps } from './service-deps';

const FAMILY_CALL: Record<Family, string> = {
  aligner: 'immediate_stage_of_software_update',
  gtps: 'immediate_stage_of_gtps_software_update',
  'aligner-oasis': 'immediate_stage_of_oasis_software_update',
};

function unitOfFamily(deps: ServiceDeps, serialNumber: string, family: Family): UnitRuntime {
  const unit = deps.fleet.engine.get(serialNumber);
  if (!unit) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  if (unit.family !== family) {
    throw new ValidationError(`Unit ${serialNumber} is a ${unit.family} unit; use /create/${FAMILY_CALL[unit.family]}/v1.`, {
      family: unit.family,
    });
  }
  return unit;
}

/**
 * Stages a published update on a unit (console-core §4): only when the unit is below its family's
 * latest, nothing at or above it is pending or downloading, and (plain aligners) it runs 4.0.0 or
 * newer. The unit's updater then finds it pending and downloads it while connected.
 */
export async function stage(
  deps: ServiceDeps,
  user: AuthUser,
  family: Family,
  input: { serialNumber: string; version: { semantic: string; meta: string }; path: string },
  options: { auto?: boolean } = {},
): Promise<StagedUpdate> {
  const unit = unitOfFamily(deps, input.serialNumber, family);
  const published = await findSoftwareUpdate(deps.db, family, input.version.semantic);
  if (!published) {
    throw new ValidationError(`No ${family} update ${input.version.semantic} has been published.`, { version: input.version });
  }
  const refusal = stagingRefusal(
    {
      family: unit.family,
      version: { semantic: unit.versionSemantic, meta: unit.versionMeta },
      pendingSoftwareDownload: unit.pendingSoftwareDownload,
      updateState: unit.flow
        ? { downloading: unit.flow.phase === 'downloading', softwareUpdateDownload: { version: { semantic: unit.flow.target.semantic } } }
        : null,
    },
    deps.fleet.latest.byFamily(),
  );
  if (refusal) throw new ValidationError(refusal, { serialNumber: unit.serialNumber }, 'staging_refused');
  const engine = deps.fleet.engine;
  const now = engine.clock.now();
  const target: TargetVersion = { semantic: published.semantic, meta: published.meta, path: published.path };
  engine.change(unit, (u) => {
    u.pendingSoftwareDownload = target.semantic;
    u.staging = {
      isStaged: true,
      autoStaged: Boolean(options.auto),
      stagedVersion: { semantic: target.semantic, meta: target.meta },
      stagedAt: new Date(now).toISOString(),
      path: target.path,
    };
    u.flow = startFlow(target, u.family, now, engine.rng);
    u.idleState = IDLE_STATE;
  });
  deps.logger.info({ serialNumber: unit.serialNumber, version: target.semantic, by: user.username, auto: Boolean(options.auto) }, 'update staged');
  return { serialNumber: unit.serialNumber, family, version: { semantic: target.semantic, meta: target.meta }, path: target.path };
}

/** Unstage: the pending download is cleared (a download in progress stops). */
export function unstage(deps: ServiceDeps, user: AuthUser, family: Family, serialNumber: string): UnstagedUpdate {
  const unit = unitOfFamily(deps, serialNumber, family);
  if (!unit.pendingSoftwareDownload) {
    throw new ValidationError(`Unit ${serialNumber} has no staged update to unstage.`, undefined, 'nothing_staged');
  }
  deps.fleet.engine.change(unit, (u) => {
    u.pendingSoftwareDownload = '';
    u.staging = { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null, path: null };
    u.flow = null;
    u.idleState = IDLE_STATE;
  });
  deps.logger.info({ serialNumber, by: user.username }, 'update unstaged');
  return { serialNumber, family, pendingSoftwareDownload: '' };
}
