import { readAudits } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** The audit trail of remote commands (the Audits screen). */
export const auditsApi = injectAreaEndpoints((call) => ({
  readAudits: call.query(readAudits, (result) => listTags('Audit', result?.docs, (entry) => entry.id)),
}));

export const { useReadAuditsQuery } = auditsApi;
