import { readCameraCals } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Camera calibration records (back-office §7.6). */
export const cameraCalApi = injectAreaEndpoints((call) => ({
  readCameraCals: call.query(readCameraCals, (result) =>
    listTags('CameraCal', result?.docs, (record) => record.id),
  ),
}));

export const { useReadCameraCalsQuery } = cameraCalApi;
