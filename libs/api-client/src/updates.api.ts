import type { Family } from '@equipment-dashboard/domain';
import {
  type BodyOf,
  createGtpsUpdate,
  createOasisUpdate,
  createSpecUpdate,
  createUpdate,
  type EndpointDef,
  type QueryOf,
  readSpecUpdates,
  type ResponseOf,
  type SoftwareManifest,
  type SoftwareUpdate,
  updateSpecUpdate,
  validateGtpsSoftwareUpdateAtPath,
  validateOasisSoftwareUpdateAtPath,
  validateSoftwareUpdateAtPath,
  validateSpecUpdateAtPath,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** Software and spec update publishing (back-office §7.2). */
export const updatesApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    // Validation is a POST that changes nothing: a mutation, so that each check really asks the server.
    const validate = (def: EndpointDef) =>
      build.mutation<SoftwareManifest, BodyOf<typeof validateSoftwareUpdateAtPath>>({
        query: (body) => toRequest(def, { body }),
      });
    const create = (def: EndpointDef, family: Family) =>
      build.mutation<SoftwareUpdate, BodyOf<typeof createUpdate>>({
        query: (body) => toRequest(def, { body }),
        invalidatesTags: [{ type: 'LatestVersion', id: family }],
      });
    return {
      validateSoftwareUpdateAtPath: validate(validateSoftwareUpdateAtPath),
      validateGtpsSoftwareUpdateAtPath: validate(validateGtpsSoftwareUpdateAtPath),
      validateOasisSoftwareUpdateAtPath: validate(validateOasisSoftwareUpdateAtPath),
      createUpdate: create(createUpdate, 'aligner'),
      createGtpsUpdate: create(createGtpsUpdate, 'gtps'),
      createOasisUpdate: create(createOasisUpdate, 'aligner-oasis'),
      readSpecUpdates: build.query<ResponseOf<typeof readSpecUpdates>, QueryOf<typeof readSpecUpdates>>({
        query: (query) => toRequest(readSpecUpdates, { query }),
        providesTags: (result) => listTags('SpecUpdate', result?.docs, (spec) => spec.path),
      }),
      validateSpecUpdateAtPath: build.mutation<
        ResponseOf<typeof validateSpecUpdateAtPath>,
        BodyOf<typeof validateSpecUpdateAtPath>
      >({
        query: (body) => toRequest(validateSpecUpdateAtPath, { body }),
      }),
      createSpecUpdate: build.mutation<ResponseOf<typeof createSpecUpdate>, BodyOf<typeof createSpecUpdate>>({
        query: (body) => toRequest(createSpecUpdate, { body }),
        invalidatesTags: [{ type: 'SpecUpdate', id: 'LIST' }],
      }),
      updateSpecUpdate: build.mutation<ResponseOf<typeof updateSpecUpdate>, BodyOf<typeof updateSpecUpdate>>({
        query: (body) => toRequest(updateSpecUpdate, { body }),
        invalidatesTags: (_result, _error, { path }) => [{ type: 'SpecUpdate', id: path }],
      }),
    };
  },
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
