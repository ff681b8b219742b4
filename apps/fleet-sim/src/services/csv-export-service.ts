import type { CsvColumn, ListRow, Paged, UpdateSchedulerDevice } from '@equipment-dashboard/contract';
import { csvCellText, type Family } from '@equipment-dashboard/domain';
import { stringify } from 'csv-stringify/sync';
import * as unitsRepo from '../store/repos/units-repo';
import type { SchedulerQuery, UnitQuery } from '../views/unit-index';
import { listRowOf } from './equipment-service';
import type { ServiceDeps } from './service-deps';
import { schedulerDeviceOf } from './update-scheduler-service';

/** Units read from the store per query while exporting (one `IN (...)` of this many serials). */
export const EXPORT_CHUNK = 1000;

/** A list's rows, a batch at a time: the next batch is read only when the one before has been written. */
export type RowBatches<Row> = AsyncIterable<readonly Row[]>;

/**
 * The CSV text of an export, a chunk per batch of rows: a byte order mark (so that spreadsheets read the
 * file as UTF-8) and the header row, then each row's cells. Every cell goes through the OWASP rule of
 * libs/domain (csvCellText); csv-stringify quotes what needs quoting. Lines end with CRLF (RFC 4180).
 */
export async function* csvChunks<Row>(columns: readonly CsvColumn<Row>[], batches: RowBatches<Row>): AsyncGenerator<string> {
  const options = { record_delimiter: 'windows' } as const;
  yield `\ufeff${stringify([columns.map((c) => csvCellText(c.header))], options)}`;
  for await (const rows of batches) {
    if (rows.length > 0) yield stringify(rows.map((row) => columns.map((c) => csvCellText(c.cell(row)))), options);
  }
}

/**
 * Every row of a small server-paged list, by asking its own list call page after page (its filters, order,
 * permission rules and row shape as they are) until the list's total is reached or a page comes back empty.
 */
export async function* pagedRows<Row>(readPage: (page: number) => Promise<Paged<Row>>): AsyncGenerator<Row[]> {
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
 * The rows of the serials in order, read from the store by key EXPORT_CHUNK at a time; the next chunk is read
 * while the one before is being written. A unit deleted since the index gave its serial is left out.
 */
async function* rowsBySerial<Row>(
  deps: ServiceDeps,
  serials: Iterator<string>,
  rowOf: (found: unitsRepo.UnitWithDesired) => Row,
): AsyncGenerator<Row[]> {
  // The chunk's serials are taken before the first await, so reads run one after the other in order.
  const read = async (): Promise<Row[] | null> => {
    const chunk: string[] = [];
    for (let next = serials.next(); !next.done; next = chunk.length < EXPORT_CHUNK ? serials.next() : { done: true, value: undefined }) {
      chunk.push(next.value);
    }
    if (chunk.length === 0) return null;
    const found = new Map((await unitsRepo.findUnitsWithDesired(deps.db, chunk)).map((r) => [r.unit.serialNumber, r]));
    return chunk.flatMap((serial) => {
      const row = found.get(serial);
      return row ? [rowOf(row)] : [];
    });
  };
  const ahead = () => {
    const next = read();
    // A client that leaves mid-export abandons this read: its failure then has nobody to tell.
    next.catch(() => undefined);
    return next;
  };
  let pending = ahead();
  for (;;) {
    const rows = await pending;
    if (rows === null) return;
    pending = ahead();
    if (rows.length > 0) yield rows;
  }
}

/** Every row of the equipment list's query (console-core §7 read/aligners), in its order, at any fleet size. */
export function equipmentRows(deps: ServiceDeps, query: Omit<UnitQuery, 'page'>): RowBatches<ListRow> {
  return rowsBySerial(deps, deps.views.index.equipmentSerials(query), (found) => listRowOf(found.unit));
}

/** Every row of one family's update scheduler query (back-office §2.4), in its order, at any fleet size. */
export function schedulerRows(deps: ServiceDeps, family: Family, query: Omit<SchedulerQuery, 'page' | 'family'>): RowBatches<UpdateSchedulerDevice> {
  return rowsBySerial(deps, deps.views.index.schedulerSerials({ ...query, family }), schedulerDeviceOf);
}
