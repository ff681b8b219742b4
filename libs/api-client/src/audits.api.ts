import { type QueryOf, readAudits, type ResponseOf } from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** The audit trail of remote commands (the Audits screen). */
export const auditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readAudits: build.query<ResponseOf<typeof readAudits>, QueryOf<typeof readAudits>>({
      query: (query) => toRequest(readAudits, { query }),
      providesTags: (result) => listTags('Audit', result?.docs, (entry) => entry.id),
    }),
  }),
});

export const { useReadAuditsQuery } = auditsApi;
