import { z } from 'zod';
import { areaEndpoints, pagedListQuery } from './define';
import { countSchema, paged, timestampSchema } from './primitives';
import { filterQuery } from './query';

// The camera calibration entities (back-office §3).

const vector = (length: number) => z.array(z.number()).length(length);
const matrix3x3 = z.array(vector(3)).length(3);

/** The camera calibration block of one board (back-office §3). */
export const cameraCalSchema = z.object({
  image_rows: countSchema,
  image_cols: countSchema,
  image_chans: countSchema,
  pixel_size_um: z.number(),
  cx: z.number(),
  cy: z.number(),
  flen_pixels: z.number(),
  flen_mm: z.number(),
  /** 3x3 intrinsic matrix, row by row. */
  IM: matrix3x3,
  /** 5 distortion coefficients. */
  dist_coeffs: vector(5),
});

/** One left or right camera board; its index is its position in the list. */
export const cameraBoardSchema = z.object({
  SerialNumber: z.string(),
  RMSEValidAccel: z.number(),
  /** 3 offsets and 9 gains. */
  AccelCal: z.object({ Offsets: vector(3), Gain: vector(9) }),
  RMSEValidCCS_ACS: z.number(),
  /** 3x3 transformation, row by row. */
  CCS_ACSCal: matrix3x3,
  RMSEValidCamCal: z.number(),
  CameraCal: cameraCalSchema,
});

/**
 * A camera calibration record (back-office §3). Times are ISO timestamps. The spec lists no key;
 * the stored record has a string `id`.
 */
export const cameraCalibrationSchema = z.object({
  id: z.string().min(1),
  Operator: z.string(),
  Version: z.string(),
  Date: timestampSchema,
  AccelCalTime: timestampSchema,
  CCS_ACSTime: timestampSchema,
  camCalTime: timestampSchema,
  LeftBoards: z.array(cameraBoardSchema),
  RightBoards: z.array(cameraBoardSchema),
});
/** See {@link cameraCalibrationSchema}. */
export type CameraCalibration = z.infer<typeof cameraCalibrationSchema>;

const cameraCal = areaEndpoints('cameraCal');

export const readCameraCals = cameraCal.get('readCameraCals', '/read/camera_cals/v1/', {
  // filterSerialNumber matches the start of a left or right board's serial number, ignoring case.
  query: pagedListQuery({ filterSerialNumber: filterQuery }),
  response: paged(cameraCalibrationSchema),
  summary: 'Lists camera calibration records, 10 per page, newest first.',
});

/** The camera calibration call of back-office §7.6. */
export const cameraCalEndpoints = { readCameraCals } as const;
