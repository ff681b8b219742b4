import { ezadasEndpoints as ez } from '@equipment-dashboard/contract';
import * as ezadas from '../../services/ezadas-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { withStatus } from '../../core/status-result';

/** EZ ADAS fixtures and targets (back-office §7.5), with the statuses the console's snackbars read (§8). */
export function mountEzAdas(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(ez.ezGetFixtures, ({ query }) => ezadas.listFixtures(deps, query))
    .on(ez.createEzFixture, async ({ body, user }) => {
      const { created, fixture } = await ezadas.createFixture(deps, user, body.serialNumber);
      return created ? withStatus(201, fixture) : fixture;
    })
    .on(ez.resetEzFixture, async ({ body, user }) => {
      const { reset, fixture } = await ezadas.resetFixture(deps, user, body.serialNumber);
      return reset ? fixture : withStatus(204, fixture);
    })
    .on(ez.ezCreateSubscription, ({ body, user }) => ezadas.setSubscription(deps, user, body))
    .on(ez.deleteEzFixture, ({ body, user }) => ezadas.deleteFixture(deps, user, body.serialNumber))
    .on(ez.ezGetTargets, ({ query }) => ezadas.listTargets(deps, query.page))
    .on(ez.createEzTarget, ({ body, user }) => ezadas.createTarget(deps, user, body))
    .on(ez.updateEzTarget, ({ body, user }) => ezadas.updateTarget(deps, user, body))
    .on(ez.deleteEzTarget, ({ body, user }) => ezadas.deleteTarget(deps, user, body.targetName));
}
