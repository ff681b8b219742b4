/** Factory camera calibration records of camera boards (back-office §2.10, §3). */
import type { Db } from '../store/database';
import { cameraCals } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, MINUTE_MS, shift } from './dates';
import type { Rng } from '../core/random';

type Matrix = number[][];

const OPERATORS = ['T. Nguyen', 'R. Delgado', 'M. Fischer', 'S. Okoye', 'J. Lindqvist', 'A. Haddad'];
const STATION_VERSIONS = ['3.1.4', '3.2.0', '3.2.1', '3.3.0'];

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A rotation by small angles about x, y and z, row by row. */
function smallRotation(rng: Rng): Matrix {
  const [a, b, c] = [rng.normal(0, 0.01), rng.normal(0, 0.01), rng.normal(0, 0.02)];
  const [ca, sa, cb, sb, cc, sc] = [
    Math.cos(a),
    Math.sin(a),
    Math.cos(b),
    Math.sin(b),
    Math.cos(c),
    Math.sin(c),
  ];
  return [
    [cb * cc, -cb * sc, sb],
    [sa * sb * cc + ca * sc, -sa * sb * sc + ca * cc, -sa * cb],
    [-ca * sb * cc + sa * sc, ca * sb * sc + sa * cc, ca * cb],
  ].map((row) => row.map((v) => round(v, 6)));
}

function board(rng: Rng, serial: string) {
  const rows = 1944;
  const cols = 2592;
  const pixel = 2.2;
  const flenMm = round(rng.normal(8.0, 0.03), 4);
  const flenPx = round((flenMm * 1000) / pixel, 2);
  const cx = round(cols / 2 + rng.normal(0, 12), 2);
  const cy = round(rows / 2 + rng.normal(0, 12), 2);
  const gain = [1, 0, 0, 0, 1, 0, 0, 0, 1].map((v) => round(v + rng.normal(0, 0.004), 5));
  return {
    SerialNumber: serial,
    RMSEValidAccel: round(rng.float(0.002, 0.02), 5),
    AccelCal: { Offsets: [0, 0, 0].map(() => round(rng.normal(0, 0.015), 5)), Gain: gain },
    RMSEValidCCS_ACS: round(rng.float(0.01, 0.08), 5),
    CCS_ACSCal: smallRotation(rng),
    RMSEValidCamCal: round(rng.float(0.05, 0.3), 4),
    CameraCal: {
      image_rows: rows,
      image_cols: cols,
      image_chans: 1,
      pixel_size_um: pixel,
      cx,
      cy,
      flen_pixels: flenPx,
      flen_mm: flenMm,
      IM: [
        [flenPx, 0, cx],
        [0, flenPx, cy],
        [0, 0, 1],
      ],
      dist_coeffs: [
        rng.normal(-0.08, 0.01),
        rng.normal(0.12, 0.02),
        rng.normal(0, 0.0005),
        rng.normal(0, 0.0005),
        rng.normal(-0.02, 0.01),
      ].map((v) => round(v, 6)),
    },
  };
}

/** Eighty records; two-camera stations have a board per side, four-camera ones two. */
export async function insertCameraCals(db: Db, rng: Rng, now: Date): Promise<void> {
  let nextBoard = 4100000 + rng.int(0, 9999);
  const rows = Array.from({ length: 80 }, () => {
    const date = shift(now, -rng.float(1, 3 * 365) * DAY_MS);
    const perSide = rng.chance(0.7) ? 1 : 2;
    const side = () => Array.from({ length: perSide }, () => board(rng, `CAM${nextBoard++}`));
    const LeftBoards = side();
    const RightBoards = side();
    const accel = shift(date, rng.float(2, 10) * MINUTE_MS);
    const ccs = shift(accel, rng.float(3, 12) * MINUTE_MS);
    const cam = shift(ccs, rng.float(5, 20) * MINUTE_MS);
    const record = {
      Operator: rng.pick(OPERATORS),
      Version: rng.pick(STATION_VERSIONS),
      Date: date.toISOString(),
      AccelCalTime: accel.toISOString(),
      CCS_ACSTime: ccs.toISOString(),
      camCalTime: cam.toISOString(),
      LeftBoards,
      RightBoards,
    };
    return {
      operator: record.Operator,
      version: record.Version,
      date,
      boardSerials: [...LeftBoards, ...RightBoards].map((b) => b.SerialNumber).join(','),
      record,
    };
  });
  rows.sort((a, b) => a.date.getTime() - b.date.getTime());
  await insertInBatches(db, cameraCals, rows);
}
