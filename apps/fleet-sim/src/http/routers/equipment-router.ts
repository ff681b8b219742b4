import { equipmentEndpoints as e } from '@equipment-dashboard/contract';
import * as equipment from '../../services/equipment-service';
import * as favorites from '../../services/favorites-service';
import type { ServiceDeps } from '../../services/service-deps';
import { ticketHistory } from '../../services/tickets-service';
import type { ApiRouter } from '../api-router';
import { NotFoundError } from '../../core/errors';
import { fileResult } from '../route';

/** Port of the demo site the old console could open (console-core §7 "unused in visible menu"). */
export const DEMO_PORT = 8443;

/** Equipment reads and writes of console-core §7. */
export function mountEquipment(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(e.readAligner, ({ query, user }) => equipment.readAligner(deps, user, query.serialNumber))
    .on(e.readAligners, ({ query }) => equipment.listAligners(deps, query))
    .on(e.readFavorites, ({ query, user }) => equipment.readFavorites(deps, user, query.username))
    .on(e.getScreenShotsForAligner, ({ query }) => equipment.screenShotsOf(deps, query.serialNumber))
    .on(e.getLatestVoltagesForAligner, ({ query }) => equipment.latestVoltages(deps, query.serialNumber))
    .on(e.getLatestPrinterStatusForAligner, ({ query }) =>
      equipment.latestStatus(deps, query.serialNumber, 'printer'),
    )
    .on(e.getLatestUsbStatusForAligner, ({ query }) =>
      equipment.latestStatus(deps, query.serialNumber, 'usb'),
    )
    .on(e.readTicketHistory, ({ query }) => ticketHistory(deps, query.serialNumber))
    .on(e.readDemoPort, () => ({ port: DEMO_PORT }))
    .on(e.createFavorite, ({ body, user }) => favorites.addFavorite(deps, user, body))
    .on(e.deleteFavorite, ({ body, user }) => favorites.removeFavorite(deps, user, body))
    .on(e.deleteEquipment, async ({ body, user }) => {
      await equipment.deleteEquipment(deps, user, body.serialNumber);
      return { serialNumber: body.serialNumber, deleted: true as const };
    })
    .on(e.deleteScreenShot, async ({ query }) => {
      const id = Number(query.id);
      if (!Number.isInteger(id) || id < 1) throw new NotFoundError(`No screenshot ${query.id}.`);
      await equipment.deleteScreenShot(deps, id);
      return { id: query.id, deleted: true as const };
    })
    .on(e.screenShotImage, async ({ params, query }) => {
      const id = params['id'] ?? '';
      const data = await equipment.screenShotImage(deps, id, query.thumbnail);
      return fileResult({
        contentType: 'image/png',
        data,
        fileName: `screenshot-${id}${query.thumbnail ? '-thumbnail' : ''}.png`,
        disposition: 'inline',
      });
    });
}
