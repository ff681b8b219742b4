import { fleetMapCsvFileName, fleetMapEndpoints as m } from '@equipment-dashboard/contract';
import { fleetMapCsv, readFleetMap } from '../../services/fleet-map-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { streamResult } from '../route';

/** The fleet map and its CSV: every signed-in role. */
export function mountFleetMap(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(m.readFleetMap, ({ query, user }) => readFleetMap(deps, user, query))
    .on(m.readFleetMapCsv, async ({ query, user }) =>
      streamResult({
        contentType: 'text/csv; charset=utf-8',
        fileName: fleetMapCsvFileName(query.level, new Date().toISOString().slice(0, 10)),
        body: await fleetMapCsv(deps, user, query),
      }),
    );
}
