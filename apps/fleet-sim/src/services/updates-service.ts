import type {
  Paged,
  SoftwareManifest,
  SoftwareUpdate,
  SpecManifest,
  SpecUpdate,
} from '@equipment-dashboard/contract';
import {
  FAMILIES,
  FAMILY_LABELS,
  isParsableVersion,
  isSpecFilterValid,
  parseSpecFilter,
  SPEC_TARGET_FAMILIES,
  type Family,
  type SpecTargetFamily,
} from '@equipment-dashboard/domain';
import { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { zodDetails } from '../core/zod-details';
import { findSoftwareUpdate } from '../store/repos/releases-repo';
import * as specRepo from '../store/repos/spec-updates-repo';
import { publishSoftwareUpdate } from './releases-service';
import type { ServiceDeps } from './service-deps';
import {
  manifestInvalid,
  prepareUpdateLibrary,
  readManifestAt,
  resolveUpdatePath,
  updatesRoot,
} from './update-library';

/** A software manifest.json on disk (back-office §3 "Software update manifest"). */
const softwareManifestFile = z.object({
  version: z.object({
    semantic: z.string().trim().min(1).refine(isParsableVersion, 'not a readable version'),
    meta: z.string().default(''),
  }),
  prerequisites: z.object({ require: z.string().default('') }).default({ require: '' }),
  family: z.enum(FAMILIES).default('aligner'),
});

/** A spec manifest.json on disk: version (name, month, year, semantic) and prerequisites. */
const specManifestFile = z.object({
  version: z.object({
    name: z.string().trim().min(1),
    month: z.int().min(1).max(12),
    year: z.int().min(1900).max(9999),
    semantic: z.string().trim().min(1),
  }),
  prerequisites: z
    .object({
      require: z.string().default(''),
      gtpsRequire: z.string().default(''),
      oasisRequire: z.string().default(''),
    })
    .default({ require: '', gtpsRequire: '', oasisRequire: '' }),
});

/** The manifest of a software update at a path, for one family (back-office §4 "Update creation dialogs"). */
export async function validateSoftwareUpdate(
  deps: ServiceDeps,
  family: Family,
  updatePath: string,
): Promise<SoftwareManifest> {
  await prepareUpdateLibrary(deps);
  const found = await readManifestAt(updatesRoot(deps.config), updatePath);
  const parsed = softwareManifestFile.safeParse(found.json);
  if (!parsed.success)
    throw manifestInvalid('it is not a software update manifest.', zodDetails(parsed.error));
  const manifest = parsed.data;
  // Decision: a manifest without a family is an aligner's (back-office §3 "family (default aligner)"), so
  // it cannot be published as a Tru-Point or Oasis update, nor the other way round.
  if (manifest.family !== family) {
    throw manifestInvalid(
      `it is a ${FAMILY_LABELS[manifest.family]} update, not a ${FAMILY_LABELS[family]} update.`,
      [{ path: 'family', message: `expected ${family}, found ${manifest.family}` }],
    );
  }
  return {
    version: { semantic: manifest.version.semantic, meta: manifest.version.meta, path: found.canonical },
    prerequisites: { require: manifest.prerequisites.require },
    family: manifest.family,
  };
}

/**
 * Publishes a validated software update (back-office §7.2): the manifest at the path is read again, the
 * body's version must be the manifest's (400), the family must be the call's (400), and a version that is
 * already published is 409. The prerequisite stored is the manifest's.
 */
export async function createSoftwareUpdate(
  deps: ServiceDeps,
  caller: AuthUser,
  family: Family,
  body: { version: { semantic: string; meta: string }; prerequisite: string; family: Family; path: string },
): Promise<SoftwareUpdate> {
  if (body.family !== family) {
    throw new ValidationError(
      `This call publishes ${FAMILY_LABELS[family]} updates, not ${body.family} updates.`,
      [{ path: 'family', message: `must be ${family}` }],
      'family_mismatch',
    );
  }
  const manifest = await validateSoftwareUpdate(deps, family, body.path);
  if (
    manifest.version.semantic !== body.version.semantic.trim() ||
    manifest.version.meta !== body.version.meta
  ) {
    throw new ValidationError(
      `The manifest at ${manifest.version.path} is version ${manifest.version.semantic}${manifest.version.meta ? ` - ${manifest.version.meta}` : ''}, not ${body.version.semantic}${body.version.meta ? ` - ${body.version.meta}` : ''}.`,
      [{ path: 'version', message: 'does not match the manifest' }],
      'version_mismatch',
    );
  }
  if (await findSoftwareUpdate(deps.db, family, manifest.version.semantic)) {
    throw new ConflictError(
      `${FAMILY_LABELS[family]} update ${manifest.version.semantic} is already published.`,
      undefined,
      'already_published',
    );
  }
  return publishSoftwareUpdate(deps, {
    family,
    semantic: manifest.version.semantic,
    meta: manifest.version.meta,
    path: manifest.version.path,
    prerequisite: manifest.prerequisites.require,
    createdBy: caller.username,
  });
}

// ---------------------------------------------------------------------------------------------------
// Spec updates
// ---------------------------------------------------------------------------------------------------

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function targetFamilyOf(value: string): SpecTargetFamily {
  return SPEC_TARGET_FAMILIES.find((f) => f === value) ?? 'all';
}

/** A stored spec update as the contract answers it (the stored version may carry more fields). */
export function specUpdateOf(row: specRepo.SpecUpdateRow): SpecUpdate {
  const month = Number(row.version['month']);
  return {
    version: {
      name: text(row.version['name']) || row.path,
      month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1,
      year: Math.trunc(Number(row.version['year'])) || 0,
      semantic: text(row.version['semantic']) || '0.0.0',
    },
    path: row.path,
    prerequisites: specRepo.prerequisitesOf(row),
    active: row.active,
    targetFamily: targetFamilyOf(row.targetFamily),
    filter: row.filter.length > 0 ? row.filter : ['*'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Back-office §2.3 Spec Releases: 10 per page, newest first. */
export async function listSpecUpdates(deps: ServiceDeps, page: number): Promise<Paged<SpecUpdate>> {
  const { docs, totalDocs } = await specRepo.listSpecUpdates(deps.db, page);
  return { docs: docs.map(specUpdateOf), totalDocs };
}

/** The manifest of a spec update at a path, with its canonical path. */
async function readSpecManifest(
  deps: ServiceDeps,
  updatePath: string,
): Promise<SpecManifest & { path: string }> {
  await prepareUpdateLibrary(deps);
  const found = await readManifestAt(updatesRoot(deps.config), updatePath);
  const parsed = specManifestFile.safeParse(found.json);
  if (!parsed.success) throw manifestInvalid('it is not a spec update manifest.', zodDetails(parsed.error));
  return { ...parsed.data, path: found.canonical };
}

export async function validateSpecUpdate(deps: ServiceDeps, updatePath: string): Promise<SpecManifest> {
  const { version, prerequisites } = await readSpecManifest(deps, updatePath);
  return { version, prerequisites };
}

/**
 * The filter list as stored: every entry split on commas and trimmed (libs/domain parseSpecFilter),
 * duplicates dropped; an empty result is 400 (back-office §5 "The filter must be non-empty").
 */
function specFilterOf(filter: readonly string[]): string[] {
  const joined = filter.join(',');
  if (!isSpecFilterValid(joined))
    throw new ValidationError(
      'The filter must not be empty.',
      [{ path: 'filter', message: 'Required' }],
      'invalid_filter',
    );
  return [...new Set(parseSpecFilter(joined))];
}

/** What the create and edit dialogs of a spec update send. */
interface SpecUpdateBody {
  path: string;
  version: SpecManifest['version'];
  active: boolean;
  targetFamily: SpecTargetFamily;
  filter: string[];
}

const sameVersion = (a: SpecManifest['version'], b: SpecManifest['version']) =>
  a.name === b.name && a.month === b.month && a.year === b.year && a.semantic === b.semantic;

/**
 * Publishes a spec update (back-office §2.3 create dialog): the path is validated again and the update
 * takes the manifest's version and prerequisites; a body whose version is not the manifest's is 400
 * (the dialog sends the validated manifest); a second update at the same path is 409.
 */
export async function createSpecUpdate(
  deps: ServiceDeps,
  caller: AuthUser,
  body: SpecUpdateBody,
): Promise<SpecUpdate> {
  const manifest = await readSpecManifest(deps, body.path);
  if (!sameVersion(manifest.version, body.version)) {
    throw new ValidationError(
      `The manifest at ${manifest.path} is version ${manifest.version.name}, not ${body.version.name}.`,
      [{ path: 'version', message: 'does not match the manifest' }],
      'version_mismatch',
    );
  }
  const filter = specFilterOf(body.filter);
  const now = new Date();
  const row = await specRepo.insertSpecUpdate(deps.db, {
    path: manifest.path,
    version: { ...manifest.version },
    prerequisites: { ...manifest.prerequisites },
    active: body.active,
    targetFamily: body.targetFamily,
    filter,
    createdBy: caller.username,
    createdAt: now,
    updatedAt: now,
  });
  deps.logger.info(
    { path: row.path, version: manifest.version.name, by: caller.username },
    'spec update published',
  );
  return specUpdateOf(row);
}

/**
 * Changes a spec update's active flag, target family and filter (back-office §2.3 edit dialog). It is
 * found by its path (404); the body's version must be the stored one (409: the path now holds another
 * release than the one being edited).
 */
export async function updateSpecUpdate(
  deps: ServiceDeps,
  caller: AuthUser,
  body: SpecUpdateBody,
): Promise<SpecUpdate> {
  const path = resolveUpdatePath(updatesRoot(deps.config), body.path).canonical;
  const row =
    (await specRepo.findSpecUpdateByPath(deps.db, path)) ??
    (await specRepo.findSpecUpdateByPath(deps.db, body.path.trim()));
  if (!row) throw new NotFoundError(`No spec update at ${body.path}.`, { path: body.path });
  const stored = specUpdateOf(row);
  if (!sameVersion(stored.version, body.version)) {
    throw new ConflictError(
      `The spec update at ${row.path} is version ${stored.version.name}, not ${body.version.name}.`,
      { version: stored.version },
      'version_mismatch',
    );
  }
  const updated = await specRepo.updateSpecUpdate(deps.db, row.path, {
    active: body.active,
    targetFamily: body.targetFamily,
    filter: specFilterOf(body.filter),
  });
  if (!updated) throw new NotFoundError(`No spec update at ${body.path}.`, { path: body.path });
  deps.logger.info({ path: row.path, by: caller.username }, 'spec update changed');
  return specUpdateOf(updated);
}
