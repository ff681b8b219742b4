import {
  CSV_EXPORTS,
  csvExportEndpoint,
  csvExportFileName,
  type CsvExportDef,
  type Paged,
} from '@equipment-dashboard/contract';
import type { Family } from '@equipment-dashboard/domain';
import {
  csvChunks,
  equipmentRows,
  pagedRows,
  schedulerRows,
  type RowBatches,
} from '../../services/csv-export-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { SchedulerQuery, UnitQuery } from '../../read-models/unit-index';
import type { ApiRouter } from '../api-router';
import { streamResult, type RouteInput } from '../route';

/** The lists read from the lists index (their size is the fleet's): each by its own order, rows by key. */
const FLEET_LISTS: Record<
  string,
  (deps: ServiceDeps, query: Record<string, unknown>) => RowBatches<unknown>
> = {
  'equipment.readAligners': (deps, query) => equipmentRows(deps, query as Omit<UnitQuery, 'page'>),
  ...Object.fromEntries(
    (
      [
        ['scheduler.readUpdateschedulerAligners', 'aligner'],
        ['scheduler.readUpdateschedulerGtps', 'gtps'],
        ['scheduler.readUpdateschedulerAlignersOasis', 'aligner-oasis'],
      ] as const
    ).map(([name, family]: readonly [string, Family]) => [
      name,
      (deps: ServiceDeps, query: Record<string, unknown>) =>
        schedulerRows(deps, family, query as Omit<SchedulerQuery, 'page' | 'family'>),
    ]),
  ),
};

/**
 * GET `<list path>/export.csv` for every list of CSV_EXPORTS that this server serves: the list's
 * query validation, token and permission (400, 401, 403 as the list answers them), then every matching row,
 * streamed. Mounted after the lists: a small list is read through its own handler, page after page.
 */
export function mountCsvExports(api: ApiRouter, deps: ServiceDeps): void {
  for (const def of CSV_EXPORTS) {
    const list = api.handlerOf(def.list);
    if (!list) continue;
    const fleetList = FLEET_LISTS[def.list.name];
    api.on(csvExportEndpoint(def), (input: RouteInput<ReturnType<typeof csvExportEndpoint>>) => {
      const query = input.query as Record<string, unknown>;
      const rows = fleetList
        ? fleetList(deps, query)
        : pagedRows(
            (page) => list({ ...input, query: { ...query, page } } as never) as Promise<Paged<unknown>>,
          );
      return streamResult({
        contentType: 'text/csv; charset=utf-8',
        fileName: csvExportFileName(def, new Date().toISOString().slice(0, 10)),
        body: csvChunks((def as CsvExportDef).columns as CsvExportDef['columns'], rows as RowBatches<never>),
      });
    });
  }
}
