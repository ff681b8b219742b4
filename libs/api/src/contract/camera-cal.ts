import { z } from 'zod';
import { endpoint } from './endpoint';
import { cameraCalibrationSchema, paged } from './entities';
import { filterQuery, pageQuery } from './query';

export const readCameraCals = endpoint({
  name: 'cameraCal.readCameraCals',
  method: 'GET',
  path: '/read/camera_cals/v1/',
  // filterSerialNumber matches the start of a left or right board's serial number, ignoring case.
  query: z.object({ page: pageQuery, filterSerialNumber: filterQuery }),
  response: paged(cameraCalibrationSchema),
  auth: 'token',
  summary: 'Lists camera calibration records, 10 per page, newest first.',
});

/** The camera calibration call of back-office §7.6. */
export const cameraCalEndpoints = { readCameraCals } as const;
