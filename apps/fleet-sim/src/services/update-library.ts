import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, realpath, rename, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { MANIFEST_NOT_FOUND } from '@equipment-dashboard/contract';
import type { Family } from '@equipment-dashboard/domain';
import type { Config } from '../config/config';
import { HttpError, ValidationError } from '../core/errors';
import { readSoftwareUpdates } from '../store/repos/releases-repo';
import { readAllSpecUpdates } from '../store/repos/spec-updates-repo';
import type { ServiceDeps } from './service-deps';

/*
 * The folders that update paths name. UPDATES_ROOT (default DATA_DIR/updates) is the folder the
 * public prefix `/updates/` stands for: the stored path `/updates/aligner/5.4.2` is the folder
 * `UPDATES_ROOT/aligner/5.4.2`, which holds a `manifest.json`.
 */

/** The public prefix of every update path the store keeps (`/updates/<family>/<version>`). */
export const UPDATES_PREFIX = '/updates/';
/** A manifest bigger than this is not a manifest (422). */
const MANIFEST_MAX_BYTES = 256 * 1024;

/** The folder update paths resolve in. */
export function updatesRoot(config: Pick<Config, 'UPDATES_ROOT' | 'DATA_DIR'>): string {
  return resolve(config.UPDATES_ROOT ?? join(config.DATA_DIR, 'updates'));
}

/** An entered update path, resolved: the folder on disk and the path as the store keeps it. */
export interface ResolvedUpdatePath {
  /** The folder inside the updates root. */
  dir: string;
  /** `/updates/<relative path>`: the form every stored record uses. */
  canonical: string;
}

/**
 * Resolves an entered path inside the updates root. Accepted forms (decision; back-office §2.2 only
 * says "an update path"): the public form `/updates/aligner/5.6.0`, the same without the prefix
 * (`aligner/5.6.0`), or an absolute folder inside UPDATES_ROOT. A path that leaves the root (`..`)
 * is refused with 400.
 */
export function resolveUpdatePath(root: string, entered: string): ResolvedUpdatePath {
  const text = entered.trim().replace(/\\/g, '/');
  let rel: string;
  if (isAbsolute(text) && (text === root || text.startsWith(root.endsWith(sep) ? root : `${root}${sep}`))) {
    rel = relative(root, text).split(sep).join('/');
  } else {
    rel = text.replace(/^\/+/, '');
    if (rel === 'updates' || rel.startsWith('updates/'))
      rel = rel.slice('updates'.length).replace(/^\/+/, '');
  }
  rel = posix.normalize(rel === '' ? '.' : rel).replace(/\/+$/, '');
  if (rel === '..' || rel.startsWith('../') || posix.isAbsolute(rel) || rel.includes('\0')) {
    throw new ValidationError(
      'The update path must stay inside the updates folder.',
      [{ path: 'updatePath', message: 'leaves the updates folder' }],
      'path_outside_updates_root',
    );
  }
  const clean = rel === '.' ? '' : rel;
  return { dir: join(root, ...clean.split('/').filter(Boolean)), canonical: `${UPDATES_PREFIX}${clean}` };
}

/** The manifest.json found at an entered path, as raw JSON, with the resolved path. */
export interface FoundManifest extends ResolvedUpdatePath {
  json: unknown;
}

/** No file there, as far as a caller can tell: none, a name too long, a link loop, a folder we may not read. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return ['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP', 'EACCES', 'EPERM'].includes(code ?? '');
}

/** 404 `{ error: 'MANIFEST_NOT_FOUND' }`: the console shows back-office §8's text for exactly this body. */
export function manifestNotFound(): HttpError {
  return new HttpError(404, MANIFEST_NOT_FOUND, MANIFEST_NOT_FOUND);
}

/** 422: a manifest.json exists but cannot be used (the console clears the validation, back-office §8). */
export function manifestInvalid(reason: string, details?: unknown): HttpError {
  return new HttpError(
    422,
    'MANIFEST_INVALID',
    `The manifest.json at this path is not valid: ${reason}`,
    details,
  );
}

/**
 * Reads the manifest.json of an entered path: 404 MANIFEST_NOT_FOUND when there is none, 422 when it is
 * not a readable JSON file, 400 when the path leaves the root (also through a symbolic link).
 */
export async function readManifestAt(root: string, entered: string): Promise<FoundManifest> {
  const resolved = resolveUpdatePath(root, entered);
  const file = join(resolved.dir, 'manifest.json');
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    if (isMissing(error)) throw manifestNotFound();
    throw error;
  }
  if (!info.isFile()) throw manifestInvalid('manifest.json is not a file.');
  if (info.size > MANIFEST_MAX_BYTES)
    throw manifestInvalid(`the file is larger than ${MANIFEST_MAX_BYTES / 1024} KB.`);
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
  if (!realFile.startsWith(`${realRoot}${sep}`)) {
    throw new ValidationError(
      'The update path must stay inside the updates folder.',
      [{ path: 'updatePath', message: 'leaves the updates folder' }],
      'path_outside_updates_root',
    );
  }
  const text = await readFile(file, 'utf8');
  try {
    return { ...resolved, json: JSON.parse(text) as unknown };
  } catch (error) {
    throw manifestInvalid('it is not JSON.', [{ path: 'manifest.json', message: (error as Error).message }]);
  }
}

// ---------------------------------------------------------------------------------------------------
// The demo library: a manifest for every update of the store, plus a few newer ones to publish
// ---------------------------------------------------------------------------------------------------

/** A software manifest as it sits on disk. */
export interface SoftwareManifestFile {
  version: { semantic: string; meta: string };
  prerequisites: { require: string };
  family: Family;
}

/** A spec manifest as it sits on disk. */
export interface SpecManifestFile {
  version: { name: string; month: number; year: number; semantic: string };
  prerequisites: { require: string; gtpsRequire: string; oasisRequire: string };
}

/**
 * Unpublished updates the demo library offers, newer than every published one, so that testers can
 * validate and publish something new (Create ... Update, Create Spec Update).
 */
export const UNPUBLISHED_DEMO_UPDATES: readonly {
  path: string;
  manifest: SoftwareManifestFile | SpecManifestFile;
}[] = [
  {
    path: '/updates/aligner/5.6.0',
    manifest: {
      version: { semantic: '5.6.0', meta: 'build 2600' },
      prerequisites: { require: '5.0.0' },
      family: 'aligner',
    },
  },
  {
    path: '/updates/gtps/1.6.1',
    manifest: {
      version: { semantic: '1.6.1', meta: '' },
      prerequisites: { require: '1.2.0' },
      family: 'gtps',
    },
  },
  {
    path: '/updates/aligner-oasis/2.2.0',
    manifest: {
      version: { semantic: '2.2.0', meta: 'Oasis 2' },
      prerequisites: { require: '1.5.0' },
      family: 'aligner-oasis',
    },
  },
  {
    path: '/updates/specs/US-2027-01',
    manifest: {
      version: { name: 'US-2027-01', month: 1, year: 2027, semantic: '2027.1.0' },
      prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '' },
    },
  },
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** Writes a manifest unless one is there; a temp file and a rename, so no reader sees half a file. */
async function writeIfMissing(root: string, path: string, manifest: unknown): Promise<boolean> {
  const { dir } = resolveUpdatePath(root, path);
  const file = join(dir, 'manifest.json');
  if (await exists(file)) return false;
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
  await rename(temp, file);
  return true;
}

/**
 * Makes sure every published software and spec update of the store has its folder with a
 * manifest.json, and adds the {@link UNPUBLISHED_DEMO_UPDATES}. Idempotent: a manifest that exists is
 * never rewritten. Answers how many manifests it wrote.
 */
export async function ensureUpdateLibrary(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'logger'>,
): Promise<number> {
  const root = updatesRoot(deps.config);
  await mkdir(root, { recursive: true });
  const [software, specs] = await Promise.all([readSoftwareUpdates(deps.db), readAllSpecUpdates(deps.db)]);
  const wanted: { path: string; manifest: unknown }[] = [
    ...software.map((row) => ({
      path: row.path,
      manifest: {
        version: { semantic: row.semantic, meta: row.meta },
        prerequisites: { require: text(row.prerequisite) },
        family: row.family,
      },
    })),
    ...specs.map((row) => ({
      path: row.path,
      manifest: {
        version: {
          name: text(row.version['name']),
          month: Number(row.version['month']),
          year: Number(row.version['year']),
          semantic: text(row.version['semantic']),
        },
        prerequisites: {
          require: text(row.prerequisites['require']),
          gtpsRequire: text(row.prerequisites['gtpsRequire']),
          oasisRequire: text(row.prerequisites['oasisRequire']),
        },
      },
    })),
    ...UNPUBLISHED_DEMO_UPDATES,
  ];
  let written = 0;
  for (const { path, manifest } of wanted) {
    try {
      if (await writeIfMissing(root, path, manifest)) written += 1;
    } catch (error) {
      // A stored path outside the root (or a folder we may not write) is skipped, not fatal.
      deps.logger.warn({ err: error, path }, 'could not write an update manifest');
    }
  }
  if (written > 0) deps.logger.info({ root, written }, 'update library: manifests written');
  return written;
}

const preparing = new WeakMap<object, Promise<void>>();

/**
 * Starts {@link ensureUpdateLibrary} once per server (roles/api.ts, at start) and answers the same promise to
 * every later caller, so that a validation waits for the library the first time only, and the shutdown for the
 * writes under way. It never rejects: a failure is logged.
 */
export function prepareUpdateLibrary(deps: Pick<ServiceDeps, 'db' | 'config' | 'logger'>): Promise<void> {
  let ready = preparing.get(deps);
  if (!ready) {
    ready = ensureUpdateLibrary(deps).then(
      () => undefined,
      (error: unknown) => deps.logger.error({ err: error }, 'update library could not be prepared'),
    );
    preparing.set(deps, ready);
  }
  return ready;
}
