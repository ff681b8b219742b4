import { cameraCalEndpoints as c } from '@equipment-dashboard/contract';
import * as cameraCals from '../../services/camera-cal-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Camera calibration records (back-office §7.6). */
export function mountCameraCal(api: ApiRouter, deps: ServiceDeps): void {
  api.on(c.readCameraCals, ({ query }) => cameraCals.listCameraCals(deps, query));
}
