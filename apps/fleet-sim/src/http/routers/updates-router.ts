import { updatesEndpoints as u } from '@equipment-dashboard/contract';
import type { ServiceDeps } from '../../services/service-deps';
import * as updates from '../../services/updates-service';
import type { ApiRouter } from '../api-router';

/** Software and spec update publishing (back-office §7.2). */
export function mountUpdates(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(u.validateSoftwareUpdateAtPath, ({ body }) =>
      updates.validateSoftwareUpdate(deps, 'aligner', body.updatePath),
    )
    .on(u.validateGtpsSoftwareUpdateAtPath, ({ body }) =>
      updates.validateSoftwareUpdate(deps, 'gtps', body.updatePath),
    )
    .on(u.validateOasisSoftwareUpdateAtPath, ({ body }) =>
      updates.validateSoftwareUpdate(deps, 'aligner-oasis', body.updatePath),
    )
    .on(u.createUpdate, ({ body, user }) => updates.createSoftwareUpdate(deps, user, 'aligner', body))
    .on(u.createGtpsUpdate, ({ body, user }) => updates.createSoftwareUpdate(deps, user, 'gtps', body))
    .on(u.createOasisUpdate, ({ body, user }) =>
      updates.createSoftwareUpdate(deps, user, 'aligner-oasis', body),
    )
    .on(u.readSpecUpdates, ({ query }) => updates.listSpecUpdates(deps, query.page))
    .on(u.validateSpecUpdateAtPath, ({ body }) => updates.validateSpecUpdate(deps, body.updatePath))
    .on(u.createSpecUpdate, ({ body, user }) => updates.createSpecUpdate(deps, user, body))
    .on(u.updateSpecUpdate, ({ body, user }) => updates.updateSpecUpdate(deps, user, body));
}
