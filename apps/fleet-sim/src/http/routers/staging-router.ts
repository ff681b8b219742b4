import { stagingEndpoints as s } from '@equipment-dashboard/contract';
import type { ServiceDeps } from '../../services/service-deps';
import * as staging from '../../services/staging-service';
import type { ApiRouter } from '../api-router';

/** Immediate staging and unstaging for the three families (console-core §4, §7). */
export function mountStaging(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(s.stageSoftwareUpdate, ({ body, user }) => staging.stage(deps, user, 'aligner', body))
    .on(s.stageGtpsSoftwareUpdate, ({ body, user }) => staging.stage(deps, user, 'gtps', body))
    .on(s.stageOasisSoftwareUpdate, ({ body, user }) => staging.stage(deps, user, 'aligner-oasis', body))
    .on(s.unstageSoftwareUpdate, ({ body, user }) =>
      staging.unstage(deps, user, 'aligner', body.serialNumber),
    )
    .on(s.unstageGtpsSoftwareUpdate, ({ body, user }) =>
      staging.unstage(deps, user, 'gtps', body.serialNumber),
    )
    .on(s.unstageOasisSoftwareUpdate, ({ body, user }) =>
      staging.unstage(deps, user, 'aligner-oasis', body.serialNumber),
    );
}
