import { cameraCalibrationSchema, type CameraCalibration, type Paged } from '@equipment-dashboard/contract';
import { HttpError } from '../core/errors';
import { zodDetails } from '../core/zod-details';
import * as cameraCalsRepo from '../store/repos/camera-cals-repo';
import type { ServiceDeps } from './service-deps';

/** A stored record in the contract's nested shape (back-office §3 "Camera calibration"), keyed by its id. */
export function cameraCalibrationOf(row: cameraCalsRepo.CameraCalRow): CameraCalibration {
  const parsed = cameraCalibrationSchema.safeParse({ ...row.record, id: String(row.id) });
  // The record is stored as the station sent it; one that breaks the shape is a fault of the store.
  if (!parsed.success)
    throw new HttpError(
      500,
      'corrupt_record',
      `Camera calibration ${row.id} is not readable.`,
      zodDetails(parsed.error),
    );
  return parsed.data;
}

/** Back-office §2.10: camera calibrations, 10 per page, newest first, filtered by a board's serial number. */
export async function listCameraCals(
  deps: ServiceDeps,
  query: { page: number; filterSerialNumber?: string },
): Promise<Paged<CameraCalibration>> {
  const { docs, totalDocs } = await cameraCalsRepo.listCameraCals(
    deps.db,
    query.page,
    query.filterSerialNumber,
  );
  return { docs: docs.map(cameraCalibrationOf), totalDocs };
}
