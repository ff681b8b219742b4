import { type QueryOf, readCameraCals, type ResponseOf } from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** Camera calibration records (back-office §7.6). */
export const cameraCalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readCameraCals: build.query<ResponseOf<typeof readCameraCals>, QueryOf<typeof readCameraCals>>({
      query: (query) => toRequest(readCameraCals, { query }),
      providesTags: (result) => listTags('CameraCal', result?.docs, (record) => record.id),
    }),
  }),
});

export const { useReadCameraCalsQuery } = cameraCalApi;
