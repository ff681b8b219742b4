import type { CsvCellValue } from '@equipment-dashboard/domain';
import type { z } from 'zod';
import { binaryResponseSchema, type EndpointDef } from './endpoint';

/** A server-paged list call: its answer is `{ docs, totalDocs }`. */
export type PagedListDef = EndpointDef<
  z.ZodType,
  z.ZodType | undefined,
  z.ZodType<{ docs: unknown[]; totalDocs: number }>
>;

/** The row type of a server-paged list call. */
export type ListRowOf<E> =
  E extends EndpointDef<z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.output<R> extends { docs: readonly (infer Row)[] }
      ? Row
      : never
    : never;

/** One column of a CSV export: its header label (the screen's column title) and its cell for a row. */
export interface CsvColumn<Row> {
  readonly header: string;
  readonly cell: (row: Row) => CsvCellValue;
}

/**
 * The CSV export of a server-paged list: GET `<list path>/export.csv` with the list's query (its page
 * ignored) and permission answers every matching row, in the list's order, as a CSV file with a header row.
 */
export interface CsvExportDef<E extends PagedListDef = PagedListDef> {
  /** The list call whose query, permission, filters, order and rows the export takes. */
  readonly list: E;
  /** `GET` path of the export: the list's path followed by `export.csv`. */
  readonly path: string;
  /** The file's name before its date: `<fileName>-YYYY-MM-DD.csv`. */
  readonly fileName: string;
  /** The columns the list's screen shows, in its order. */
  readonly columns: readonly CsvColumn<ListRowOf<E>>[];
}

/** The path of a list's CSV export: `/read/aligners/v1/` answers `/read/aligners/v1/export.csv`. */
export function csvExportPath(listPath: string): string {
  return `${listPath.replace(/\/+$/, '')}/export.csv`;
}

/** Declares the CSV export of a server-paged list (see {@link CsvExportDef}). */
export function csvExport<E extends PagedListDef>(
  list: E,
  fileName: string,
  columns: readonly CsvColumn<ListRowOf<E>>[],
): CsvExportDef<E> {
  return { list, path: csvExportPath(list.path), fileName, columns };
}

/** The file name of an export made on `day` (`YYYY-MM-DD`): `equipment-2026-05-01.csv`. */
export function csvExportFileName(def: Pick<CsvExportDef, 'fileName'>, day: string): string {
  return `${def.fileName}-${day}.csv`;
}

/**
 * The export as a call: GET of its path with its list's query (the page is parsed, then ignored) and
 * permission, a token needed; the answer is the CSV file (`text/csv; charset=utf-8`, an attachment).
 */
export function csvExportEndpoint(def: CsvExportDef): EndpointDef {
  return {
    name: `${def.list.name}Csv`,
    method: 'GET',
    path: def.path,
    query: def.list.query,
    response: binaryResponseSchema,
    binary: true,
    auth: 'token',
    permission: def.list.permission,
    summary: `Exports every row of ${def.list.name} that matches the query, as CSV.`,
  };
}
