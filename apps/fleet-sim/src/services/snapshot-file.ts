import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type SimSnapshot } from '@equipment-dashboard/contract';
import { NotFoundError, ValidationError } from '../core/errors';
import {
  findSnapshot,
  PART_KINDS,
  snapshotRows,
  storeImported,
  type SnapshotRow,
} from '../store/repos/snapshots-repo';
import { longRunningDb } from '../store/database';
import type { ServiceDeps } from './service-deps';
import { snapshotOf } from './snapshots-service';

/*
 * A snapshot as one file: gzip of JSON lines. The first line is the header (format, version, name, the clock, the
 * seed, the digest ...), then one line per row `{ kind, key, row }` part by part, and a last line
 * `{ end: true, rows }` so that a file cut at a line's end is still seen as cut.
 */

interface Header {
  format: string;
  version: number;
  name: string;
  createdBy: string;
  createdAt: string;
  simulatedAt: string;
  speed: number;
  seed: string;
  units: number;
  digest: string;
}

const headerOf = (row: SnapshotRow): Header => ({
  format: SNAPSHOT_FORMAT,
  version: SNAPSHOT_FORMAT_VERSION,
  name: row.name,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  simulatedAt: row.simulatedAt.toISOString(),
  speed: row.speed,
  seed: row.seed,
  units: row.units,
  digest: row.digest,
});

/** The export's file name: the snapshot's name kept to letters, digits and dashes. */
function fileNameOf(row: SnapshotRow): string {
  const slug =
    row.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'snapshot';
  return `snapshot-${row.id}-${slug}.json.gz`;
}

/** A stored snapshot as a gzip stream of JSON lines (read from the store a page at a time). */
export async function exportSnapshot(
  deps: ServiceDeps,
  id: number,
): Promise<{ fileName: string; body: AsyncIterable<Buffer> }> {
  const row = await findSnapshot(deps.db, id);
  if (!row) throw new NotFoundError(`No snapshot with id ${id}.`);
  async function* lines(): AsyncGenerator<string> {
    yield `${JSON.stringify(headerOf(row as SnapshotRow))}\n`;
    let count = 0;
    for await (const page of snapshotRows(deps.db, id)) {
      count += page.length;
      yield page.map((r) => JSON.stringify(r)).join('\n') + '\n';
    }
    yield `${JSON.stringify({ end: true, rows: count })}\n`;
  }
  // pipeline, not pipe: a read that fails part-way ends the download (the socket closes), never the process.
  const body = pipeline(Readable.from(lines()), createGzip(), () => undefined);
  return { fileName: fileNameOf(row), body };
}

const refuse = (what: string, details: Record<string, unknown>) =>
  new ValidationError(`The snapshot file was refused: ${what}.`, details, 'invalid_snapshot_file');

/** The header's fields, checked (another format or version, or a field missing, refuses the file). */
function checkHeader(line: string | undefined): Header {
  let header: Partial<Header>;
  try {
    header = JSON.parse(line ?? '') as Partial<Header>;
  } catch {
    throw refuse('its first line is not a header', { header: 'not JSON' });
  }
  if (header.format !== SNAPSHOT_FORMAT)
    throw refuse(`it is not a ${SNAPSHOT_FORMAT} file`, {
      format: `expected ${SNAPSHOT_FORMAT}, found ${String(header.format)}`,
    });
  if (header.version !== SNAPSHOT_FORMAT_VERSION)
    throw refuse(`its version ${String(header.version)} is not ${SNAPSHOT_FORMAT_VERSION}`, {
      version: `expected ${SNAPSHOT_FORMAT_VERSION}, found ${String(header.version)}`,
    });
  const problems: Record<string, string> = {};
  if (typeof header.name !== 'string' || !header.name.trim()) problems['name'] = 'missing';
  if (typeof header.digest !== 'string' || !/^[0-9a-f]{64}$/.test(header.digest))
    problems['digest'] = 'missing';
  if (typeof header.seed !== 'string') problems['seed'] = 'missing';
  if (typeof header.speed !== 'number' || !(header.speed >= 0)) problems['speed'] = 'missing';
  if (typeof header.simulatedAt !== 'string' || Number.isNaN(Date.parse(header.simulatedAt)))
    problems['simulatedAt'] = 'missing';
  if (Object.keys(problems).length > 0) throw refuse('its header is incomplete', problems);
  return header as Header;
}

type RowLine = { kind: string; key: string; row: Record<string, unknown> };

/** A line after the header: a row of a known kind, or the end line with its row count. */
function lineOf(line: string, at: number): RowLine | { end: number } {
  let value: { kind?: unknown; key?: unknown; row?: unknown; end?: unknown; rows?: unknown };
  try {
    value = JSON.parse(line) as typeof value;
  } catch {
    throw refuse(`line ${at} is not JSON`, { line: at });
  }
  if (value.end === true) return { end: typeof value.rows === 'number' ? value.rows : -1 };
  if (typeof value.kind !== 'string' || !PART_KINDS.has(value.kind))
    throw refuse(`line ${at} holds an unknown kind of row`, { line: at, kind: String(value.kind) });
  if (typeof value.key !== 'string' || typeof value.row !== 'object' || value.row === null)
    throw refuse(`line ${at} is not a row`, { line: at });
  return { kind: value.kind, key: value.key, row: value.row as Record<string, unknown> };
}

/**
 * The file's lines as it unpacks (a million units unpack to more text than one string may hold): a corrupt or cut
 * gzip, or one that unpacks past `maxBytes` (a small file made to unpack into gigabytes), refuses the file.
 */
async function* linesOf(file: Buffer, maxBytes: number): AsyncGenerator<string> {
  const unpacked = Readable.from([file]).pipe(createGunzip());
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let bytes = 0;
  try {
    for await (const chunk of unpacked as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes)
        throw refuse('it unpacks to too much', { gzip: `more than ${maxBytes} bytes unpacked` });
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop() ?? '';
      yield* lines;
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw refuse('it is not a whole gzip file (corrupt or cut short)', { gzip: (error as Error).message });
  } finally {
    // A refusal part-way stops the unpacking.
    unpacked.destroy();
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/**
 * Stores an exported file as a new snapshot: gzip, header, format and version, every line, the end line and the
 * digest recomputed from the rows are checked; a file that fails any of them is refused (400, what is wrong in
 * `details`) and nothing is stored. The file is read as it unpacks, its rows stored in slices in one transaction.
 */
export async function importSnapshot(deps: ServiceDeps, file: Buffer, by: string): Promise<SimSnapshot> {
  if (file.length === 0) throw refuse('it is empty', { file: 'empty' });
  const lines = linesOf(file, Math.max(file.length * 200, 64 * 1024 * 1024));
  const first = await lines.next();
  const header = checkHeader(first.done ? undefined : first.value);
  async function* batches(): AsyncGenerator<RowLine[]> {
    let batch: RowLine[] = [];
    let rows = 0;
    let end: number | null = null;
    let at = 1;
    for await (const line of lines) {
      at += 1;
      if (end !== null) throw refuse(`line ${at} comes after the end line`, { line: at });
      const parsed = lineOf(line, at);
      if ('end' in parsed) {
        end = parsed.end;
        continue;
      }
      batch.push(parsed);
      rows += 1;
      if (batch.length === 1000) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    if (end !== rows)
      throw refuse('it is cut short (its end line is missing or counts other rows)', {
        rows: `the end line says ${end === null ? 'nothing (missing)' : end}, the file holds ${rows}`,
      });
  }
  let outcome: Awaited<ReturnType<typeof storeImported>>;
  try {
    outcome = await storeImported(
      longRunningDb(deps.db),
      {
        name: header.name,
        createdBy: by,
        digest: header.digest,
        simulatedAt: Date.parse(header.simulatedAt),
        speed: header.speed,
        seed: header.seed,
      },
      batches(),
    );
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    // Two rows of one key, a row the store cannot read back: the file is not a snapshot this server wrote.
    throw refuse('its rows could not be stored', { rows: (error as Error).message.split('\n')[0] });
  }
  if ('digest' in outcome)
    throw refuse('its rows do not match its digest (changed or damaged)', {
      digest: `the header says ${header.digest}, the rows give ${outcome.digest}`,
    });
  return snapshotOf(outcome.stored);
}
