import type { CsvColumn, ListRow, Paged, UpdateSchedulerDevice } from '@equipment-dashboard/contract';
import { csvCellText, type Family } from '@equipment-dashboard/domain';
import { stringify } from 'csv-stringify/sync';
import * as exportRepo from '../store/repos/unit-export-repo';
import type { EquipmentExportSource } from '../store/repos/unit-export-repo';
import type { SchedulerQuery, UnitQuery } from '../read-models/unit-index';
import { listRowOf } from './equipment-service';
import type { ServiceDeps } from './service-deps';
import { schedulerDeviceOf } from './update-scheduler-service';

/** Units read from the store per query while exporting (one `= ANY($1)` array of this many serials). */
export const EXPORT_CHUNK = 5000;

/**
 * Chunks read while the one before is written, each on a connection of its own: PostgreSQL looks up the next
 * chunks' keys while this process writes rows (3 of the pool's 10 connections an export, at most).
 */
export const READS_AHEAD = 3;

/** A list's rows, a batch at a time: the next batch is read only when the one before has been written. */
export type RowBatches<Row> = AsyncIterable<readonly Row[]>;

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;
/** What makes csv-stringify quote a cell (its delimiter, quote and record delimiters); any other cell it writes as is. */
const NEEDS_QUOTING = /[",\r\n]/;

/**
 * The CSV lines of some rows. A row none of whose cells csv-stringify would quote is its cells joined by commas,
 * which is what csv-stringify writes for it; only a row with such a cell goes through csv-stringify (most rows of
 * the fleet's lists have none, and joining is several times faster than its per-cell option handling).
 */
export function csvLines<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let out = '';
  for (const row of rows) {
    const cells = columns.map((c) => csvCellText(c.cell(row)));
    out += cells.some((cell) => NEEDS_QUOTING.test(cell))
      ? stringify([cells], CSV_OPTIONS)
      : `${cells.join(',')}\r\n`;
  }
  return out;
}

/**
 * The CSV text of an export, a chunk per batch of rows: a byte order mark (so that spreadsheets read the
 * file as UTF-8) and the header row, then each row's cells. Every cell goes through the OWASP rule of
 * libs/domain (csvCellText); csv-stringify quotes what needs quoting. Lines end with CRLF (RFC 4180).
 */
export async function* csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: RowBatches<Row>,
): AsyncGenerator<string> {
  yield `\ufeff${stringify([columns.map((c) => csvCellText(c.header))], CSV_OPTIONS)}`;
  for await (const rows of batches) {
    if (rows.length > 0) yield csvLines(columns, rows);
  }
}

/**
 * Every row of a small server-paged list, by asking its own list call page after page (its filters, order,
 * permission rules and row shape as they are) until the list's total is reached or a page comes back empty.
 */
export async function* pagedRows<Row>(
  readPage: (page: number) => Promise<Paged<Row>>,
): AsyncGenerator<Row[]> {
  let seen = 0;
  for (let page = 1; ; page += 1) {
    const { docs, totalDocs } = await readPage(page);
    if (docs.length === 0) return;
    yield docs;
    seen += docs.length;
    if (seen >= totalDocs) return;
  }
}

/**
 * The rows of the serials in order, read from the store by key EXPORT_CHUNK at a time (`read` answers a chunk's
 * units in any order, a unit deleted since the index gave its serial left out); READS_AHEAD chunks are read while
 * the one before is being written, so memory holds a few chunks whatever the export's size.
 */
export async function* rowsBySerial<Source, Row>(
  serials: Iterator<string>,
  read: (chunk: readonly string[]) => Promise<Source[]>,
  serialOf: (source: Source) => string,
  rowOf: (source: Source) => Row,
): AsyncGenerator<Row[]> {
  // The chunk's serials are taken before the first await, so chunks are cut in order whatever order reads end in.
  const readNext = (): Promise<Row[]> | null => {
    const chunk: string[] = [];
    for (
      let next = serials.next();
      !next.done;
      next = chunk.length < EXPORT_CHUNK ? serials.next() : { done: true, value: undefined }
    ) {
      chunk.push(next.value);
    }
    if (chunk.length === 0) return null;
    const rows = read(chunk).then((found) => {
      const bySerial = new Map(found.map((source) => [serialOf(source), source]));
      return chunk.flatMap((serial) => {
        const source = bySerial.get(serial);
        return source === undefined ? [] : [rowOf(source)];
      });
    });
    // A client that leaves mid-export abandons the reads ahead: their failure then has nobody to tell.
    rows.catch(() => undefined);
    return rows;
  };
  const pending: Promise<Row[]>[] = [];
  const fill = () => {
    while (pending.length < READS_AHEAD) {
      const next = readNext();
      if (next === null) return;
      pending.push(next);
    }
  };
  fill();
  while (pending.length > 0) {
    const rows = await (pending.shift() as Promise<Row[]>);
    fill();
    if (rows.length > 0) yield rows;
  }
}

/**
 * An equipment list row as the export reads it: the list's own mapping, the geolocation reduced to the country
 * (the only part a column shows; csv-export-router.test.ts compares every cell with the list's rows).
 */
const equipmentRowOf = (unit: EquipmentExportSource): ListRow =>
  listRowOf({
    ...unit,
    createdAt: new Date(unit.createdAt),
    updatedAt: new Date(unit.updatedAt),
    geolocation: { country_code: unit.countryCode } as ListRow['geolocation'],
  });

/** Every row of the equipment list's query (console-core §7 read/aligners), in its order, at any fleet size. */
export function equipmentRows(deps: ServiceDeps, query: Omit<UnitQuery, 'page'>): RowBatches<ListRow> {
  return rowsBySerial(
    deps.readModels.index.equipmentSerials(query),
    (chunk) => exportRepo.equipmentExportSources(deps.db, chunk),
    (unit) => unit.serialNumber,
    equipmentRowOf,
  );
}

/** Every row of one family's update scheduler query (back-office §2.4), in its order, at any fleet size. */
export function schedulerRows(
  deps: ServiceDeps,
  family: Family,
  query: Omit<SchedulerQuery, 'page' | 'family'>,
): RowBatches<UpdateSchedulerDevice> {
  return rowsBySerial(
    deps.readModels.index.schedulerSerials({ ...query, family }),
    (chunk) => exportRepo.schedulerExportSources(deps.db, chunk),
    (found) => found.unit.serialNumber,
    schedulerDeviceOf,
  );
}
