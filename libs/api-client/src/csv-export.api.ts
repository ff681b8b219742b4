import { csvExportEndpoint, csvExportOf } from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { toRequest } from './request';

/** What an export is asked with: its list's name (see csvExportOf) and current query (its page is dropped). */
export interface CsvExportArgs {
  list: string;
  query: object;
}

/**
 * The CSV exports of the server-paged lists. A mutation, not a query: each click downloads anew
 * and nothing is cached. It answers an object URL of the file, fetched with the token; the caller saves it
 * and revokes it.
 */
export const csvExportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    exportCsv: build.mutation<string, CsvExportArgs>({
      query: ({ list, query }) => {
        const def = csvExportOf(list);
        if (!def) throw new Error(`${list} has no CSV export`);
        const { page: _page, ...filters } = query as Record<string, unknown>;
        return toRequest(csvExportEndpoint(def), { query: filters });
      },
    }),
  }),
});

export const { useExportCsvMutation } = csvExportApi;
