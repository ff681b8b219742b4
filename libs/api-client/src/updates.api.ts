import type { Family } from '@equipment-dashboard/domain';
import {
  createGtpsUpdate,
  createOasisUpdate,
  createSpecUpdate,
  createUpdate,
  readSpecUpdates,
  updateSpecUpdate,
  validateGtpsSoftwareUpdateAtPath,
  validateOasisSoftwareUpdateAtPath,
  validateSoftwareUpdateAtPath,
  validateSpecUpdateAtPath,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Software and spec update publishing (back-office §7.2). */
export const updatesApi = injectAreaEndpoints((call) => {
  // Validation is a POST that changes nothing: a mutation, so that each check really asks the server.
  const published = (family: Family) => [{ type: 'LatestVersion' as const, id: family }];
  return {
    validateSoftwareUpdateAtPath: call.mutation(validateSoftwareUpdateAtPath),
    validateGtpsSoftwareUpdateAtPath: call.mutation(validateGtpsSoftwareUpdateAtPath),
    validateOasisSoftwareUpdateAtPath: call.mutation(validateOasisSoftwareUpdateAtPath),
    createUpdate: call.mutation(createUpdate, published('aligner')),
    createGtpsUpdate: call.mutation(createGtpsUpdate, published('gtps')),
    createOasisUpdate: call.mutation(createOasisUpdate, published('aligner-oasis')),
    readSpecUpdates: call.query(readSpecUpdates, (result) =>
      listTags('SpecUpdate', result?.docs, (spec) => spec.path),
    ),
    validateSpecUpdateAtPath: call.mutation(validateSpecUpdateAtPath),
    createSpecUpdate: call.mutation(createSpecUpdate, [{ type: 'SpecUpdate', id: 'LIST' }]),
    updateSpecUpdate: call.mutation(updateSpecUpdate, (_result, _error, { path }) => [
      { type: 'SpecUpdate', id: path },
    ]),
  };
});

export const {
  useValidateSoftwareUpdateAtPathMutation,
  useValidateGtpsSoftwareUpdateAtPathMutation,
  useValidateOasisSoftwareUpdateAtPathMutation,
  useCreateUpdateMutation,
  useCreateGtpsUpdateMutation,
  useCreateOasisUpdateMutation,
  useReadSpecUpdatesQuery,
  useValidateSpecUpdateAtPathMutation,
  useCreateSpecUpdateMutation,
  useUpdateSpecUpdateMutation,
} = updatesApi;
