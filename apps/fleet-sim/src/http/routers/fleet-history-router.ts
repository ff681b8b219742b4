import {
  fleetHistoryCsvColumns,
  fleetHistoryEndpoints as h,
  historyCsvFileName,
  historyCsvLines,
  RELEASE_ADOPTION_CSV_COLUMNS,
  RELEASE_COMPARISON_CSV_COLUMNS,
  type CsvColumn,
  type EndpointDef,
} from '@equipment-dashboard/contract';
import type { z } from 'zod';
import { csvChunks } from '../../services/csv-export-service';
import {
  historyQueryProblems,
  historyRetention,
  readFleetHistory,
  readReleaseAdoption,
  readReleaseComparison,
} from '../../services/fleet-history-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { streamResult } from '../route';

/**
 * The call with its query's range rules added: the store's clock and the configured retention are the server's, so
 * the contract's schema cannot hold them; refined here, a bad range is told in the same 400 as any other problem of
 * the query (the refinement runs even when another field failed).
 */
function withRangeRules<E extends EndpointDef>(def: E, deps: ServiceDeps, kind: 'history' | 'adoption'): E {
  const query = (def.query as z.ZodObject).superRefine(
    (value, ctx) => {
      for (const problem of historyQueryProblems(
        value as Record<string, unknown>,
        deps.clock.now(),
        historyRetention(deps.config),
        kind,
      ))
        ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    },
    { when: () => true },
  );
  return { ...def, query } as E;
}

const today = () => new Date().toISOString().slice(0, 10);

async function* once<Row>(rows: readonly Row[]): AsyncGenerator<readonly Row[]> {
  yield rows;
}

const csvFile = <Row>(name: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]) =>
  streamResult({
    contentType: 'text/csv; charset=utf-8',
    fileName: historyCsvFileName(name, today()),
    body: csvChunks(columns, once(rows)),
  });

/** Fleet Health: the fleet's history, release adoption and the comparison of two releases, each with its CSV. */
export function mountFleetHistory(api: ApiRouter, deps: ServiceDeps): void {
  api.on(withRangeRules(h.readFleetHistory, deps, 'history'), ({ query, user }) =>
    readFleetHistory(deps, user, query),
  );
  api.on(withRangeRules(h.readFleetHistoryCsv, deps, 'history'), async ({ query, user }) => {
    const answer = await readFleetHistory(deps, user, query);
    return csvFile(
      `fleet-history-${answer.metric}`,
      fleetHistoryCsvColumns(answer.metric),
      historyCsvLines(answer.series),
    );
  });
  api.on(withRangeRules(h.readReleaseAdoption, deps, 'adoption'), ({ query }) =>
    readReleaseAdoption(deps, query),
  );
  api.on(withRangeRules(h.readReleaseAdoptionCsv, deps, 'adoption'), async ({ query }) => {
    const answer = await readReleaseAdoption(deps, query);
    return csvFile(
      `release-adoption-${answer.family}`,
      RELEASE_ADOPTION_CSV_COLUMNS,
      historyCsvLines(answer.series),
    );
  });
  api.on(h.readReleaseComparison, ({ query }) => readReleaseComparison(deps, query));
  api.on(h.readReleaseComparisonCsv, async ({ query }) => {
    const answer = await readReleaseComparison(deps, query);
    return csvFile(`release-comparison-${answer.family}`, RELEASE_COMPARISON_CSV_COLUMNS, answer.releases);
  });
}
