import { z } from 'zod';
import {
  DEFAULT_SPEC_FILTER,
  DEFAULT_SPEC_TARGET_FAMILY,
  DEFAULT_UPDATE_FAMILY,
  PERMISSIONS,
  SPEC_TARGET_FAMILIES,
  type Family,
  type Permission,
} from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { familySchema, paged, timestampSchema, versionSchema } from './primitives';

import { nonBlankText, safeText, TEXT_MAX } from './text';

// The update entities (console-core §3, back-office §3).

/** The latest published software version of a family: semantic, meta, path. */
export const versionRecordSchema = z.object({
  semantic: z.string().min(1),
  meta: z.string(),
  path: z.string().min(1),
});
/** See {@link versionRecordSchema}. */
export type VersionRecord = z.infer<typeof versionRecordSchema>;

/** The manifest.json of a software update, as validated at a path (back-office §3). */
export const softwareManifestSchema = z.object({
  version: versionRecordSchema,
  prerequisites: z.object({
    /** Minimum installed version the update needs ('' for none). */
    require: z.string(),
  }),
  family: familySchema.default('aligner'),
});
/** See {@link softwareManifestSchema}. */
export type SoftwareManifest = z.infer<typeof softwareManifestSchema>;

/**
 * A published software update. The spec does not show the answer of the create calls; the stored
 * record is: the family, the version, its path, the prerequisite and when it was published.
 */
export const softwareUpdateSchema = z.object({
  family: familySchema,
  version: versionSchema,
  path: z.string().min(1),
  prerequisite: z.string(),
  createdAt: timestampSchema,
});
/** See {@link softwareUpdateSchema}. */
export type SoftwareUpdate = z.infer<typeof softwareUpdateSchema>;

/**
 * The version of a spec update: name, month, year and a semantic-style version string (the spec
 * says "semantic-style fields"; one `semantic` string keeps it comparable with libs/domain's semver
 * helpers, like software versions).
 */
export const specVersionSchema = z.object({
  name: safeText(TEXT_MAX.name).min(1),
  month: z.int().min(1).max(12),
  year: z.int().min(0).max(9999),
  semantic: safeText(TEXT_MAX.name).min(1),
});
/** See {@link specVersionSchema}. */
export type SpecVersion = z.infer<typeof specVersionSchema>;

/** Required versions per family; '' means none (shown as N/A). */
export const specPrerequisitesSchema = z.object({
  require: safeText(TEXT_MAX.name),
  gtpsRequire: safeText(TEXT_MAX.name),
  oasisRequire: safeText(TEXT_MAX.name),
});

/** The manifest of a spec update, as validated at a path: version and prerequisites. */
export const specManifestSchema = z.object({
  version: specVersionSchema,
  prerequisites: specPrerequisitesSchema,
});
/** See {@link specManifestSchema}. */
export type SpecManifest = z.infer<typeof specManifestSchema>;

/** A spec filter: a list of serial patterns, '*' for all (back-office §5). */
export const specFilterSchema = z.array(safeText(TEXT_MAX.name).trim().min(1)).min(1);

/** A spec update (back-office §3). It is identified by its `path`. */
export const specUpdateSchema = z.object({
  version: specVersionSchema,
  path: z.string().min(1),
  prerequisites: specPrerequisitesSchema,
  active: z.boolean(),
  targetFamily: z.enum(SPEC_TARGET_FAMILIES),
  filter: specFilterSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link specUpdateSchema}. */
export type SpecUpdate = z.infer<typeof specUpdateSchema>;

/**
 * The error text of a validation that finds no manifest.json at the path (back-office §8): the
 * server answers 404 `{ error: 'MANIFEST_NOT_FOUND' }` and the console shows its fixed message.
 * Any other validation failure (unreadable or invalid manifest) answers 422 with another error.
 */
export const MANIFEST_NOT_FOUND = 'MANIFEST_NOT_FOUND';

/** The longest folder name common file systems allow (ext4, XFS, APFS, NTFS), in bytes. */
const PATH_SEGMENT_MAX_BYTES = 255;

/**
 * An update path as entered or stored (`/updates/aligner/5.6.0`). Whether it stays inside the updates
 * folder is the server's check (it knows the folder); the contract refuses what cannot name a folder
 * anywhere: a segment longer than 255 bytes, which the file system would answer with an error.
 */
export const updatePathSchema = nonBlankText(TEXT_MAX.path).refine(
  (path) =>
    path
      .split(/[\\/]/)
      .every((segment) => new TextEncoder().encode(segment).length <= PATH_SEGMENT_MAX_BYTES),
  `a folder name in the path must be at most ${PATH_SEGMENT_MAX_BYTES} bytes`,
);

/** A software version as the console passes it: semantic and meta (its `path`, when sent, is dropped). */
export const versionBodySchema = z.object({
  semantic: nonBlankText(TEXT_MAX.name),
  meta: safeText(TEXT_MAX.name),
});

/** Body of the validate calls: the path to look for a manifest.json at. */
export const updatePathBodySchema = z.strictObject({ updatePath: updatePathSchema });

/**
 * Body of the create-update calls: `{ version, prerequisite, family, path }` (back-office §7.2).
 * `prerequisite` is the manifest's `prerequisites.require` ('' for none). The family must be the
 * call's family (aligner for /create/update/v1, the default).
 */
export const createUpdateBodySchema = z.strictObject({
  // Not strict: the console passes the manifest's version, whose `path` is dropped here.
  version: versionBodySchema,
  prerequisite: safeText(TEXT_MAX.name).default(''),
  family: familySchema.default(DEFAULT_UPDATE_FAMILY),
  path: updatePathSchema,
});

/** Body of POST /create/spec_update/v1; filter is the comma-split list, '*' for every unit. */
export const createSpecUpdateBodySchema = z.strictObject({
  path: updatePathSchema,
  version: specVersionSchema,
  prerequisites: specPrerequisitesSchema,
  active: z.boolean().default(true),
  targetFamily: z.enum(SPEC_TARGET_FAMILIES).default(DEFAULT_SPEC_TARGET_FAMILY),
  filter: specFilterSchema.default([DEFAULT_SPEC_FILTER]),
});

/**
 * Body of POST /update/spec_update/v1. The spec update is found by `path`; `version` is the one it
 * was created with (a different version answers 409), and active, targetFamily and filter change.
 */
export const updateSpecUpdateBodySchema = z.strictObject({
  path: updatePathSchema,
  version: specVersionSchema,
  active: z.boolean(),
  targetFamily: z.enum(SPEC_TARGET_FAMILIES),
  filter: specFilterSchema,
});

const updates = areaEndpoints('updates');

function validate(name: string, infix: string, family: Family, permission: Permission) {
  return updates.post(name, `/validate_${infix}software_update_at_path/v1`, {
    body: updatePathBodySchema,
    response: softwareManifestSchema,
    permission,
    summary: `Checks that a ${family} manifest.json exists at a path and answers it (404 ${MANIFEST_NOT_FOUND}).`,
  });
}

function create(name: string, pathName: string, family: Family, permission: Permission) {
  return updates.post(name, `/create/${pathName}/v1`, {
    body: createUpdateBodySchema,
    // Not shown in the spec: the stored update. Publishing pushes NEW_SOFTWARE_UPDATE_CREATED.
    response: softwareUpdateSchema,
    permission,
    summary: `Publishes a validated ${family} software update (409 when the version exists).`,
  });
}

export const validateSoftwareUpdateAtPath = validate(
  'validateSoftwareUpdateAtPath',
  '',
  'aligner',
  PERMISSIONS.createSoftwareUpdate,
);
export const validateGtpsSoftwareUpdateAtPath = validate(
  'validateGtpsSoftwareUpdateAtPath',
  'gtps_',
  'gtps',
  PERMISSIONS.createGtpsUpdate,
);
export const validateOasisSoftwareUpdateAtPath = validate(
  'validateOasisSoftwareUpdateAtPath',
  'oasis_',
  'aligner-oasis',
  PERMISSIONS.createOasisUpdate,
);
export const createUpdate = create('createUpdate', 'update', 'aligner', PERMISSIONS.createSoftwareUpdate);
export const createGtpsUpdate = create(
  'createGtpsUpdate',
  'gtps_update',
  'gtps',
  PERMISSIONS.createGtpsUpdate,
);
export const createOasisUpdate = create(
  'createOasisUpdate',
  'oasis_update',
  'aligner-oasis',
  PERMISSIONS.createOasisUpdate,
);

export const readSpecUpdates = updates.get('readSpecUpdates', '/read/spec_updates/v1/', {
  query: pagedListQuery(),
  response: paged(specUpdateSchema),
  summary: 'Lists spec releases, 10 per page, newest first.',
});

export const validateSpecUpdateAtPath = updates.post(
  'validateSpecUpdateAtPath',
  '/validate_spec_update_at_path/v1',
  {
    body: updatePathBodySchema,
    response: specManifestSchema,
    permission: PERMISSIONS.createSpecUpdate,
    summary: `Checks that a spec manifest.json exists at a path and answers it (404 ${MANIFEST_NOT_FOUND}).`,
  },
);

export const createSpecUpdate = updates.post('createSpecUpdate', '/create/spec_update/v1', {
  body: createSpecUpdateBodySchema,
  // Not shown in the spec: the stored spec update.
  response: specUpdateSchema,
  permission: PERMISSIONS.createSpecUpdate,
  summary: 'Publishes a validated spec update (409 when its path exists).',
});

export const updateSpecUpdate = updates.post('updateSpecUpdate', '/update/spec_update/v1', {
  body: updateSpecUpdateBodySchema,
  response: specUpdateSchema,
  permission: PERMISSIONS.editSpecUpdate,
  summary: "Changes a spec update's active flag, target family and filter.",
});

/** The calls of back-office §7.2. */
export const updatesEndpoints = {
  validateSoftwareUpdateAtPath,
  validateGtpsSoftwareUpdateAtPath,
  validateOasisSoftwareUpdateAtPath,
  createUpdate,
  createGtpsUpdate,
  createOasisUpdate,
  readSpecUpdates,
  validateSpecUpdateAtPath,
  createSpecUpdate,
  updateSpecUpdate,
} as const;
