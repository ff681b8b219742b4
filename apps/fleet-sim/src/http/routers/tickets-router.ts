import { ticketsEndpoints as t } from '@equipment-dashboard/contract';
import type { ServiceDeps } from '../../services/service-deps';
import * as workflow from '../../services/ticket-workflow-service';
import * as tickets from '../../services/tickets-service';
import type { ApiRouter } from '../api-router';
import { fileResult } from '../route';

/** Support tickets: creation from a unit (console-core §7) and the back-office ticket calls (§7.1). */
export function mountTickets(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(t.createTicket, ({ body, user }) => tickets.createTicket(deps, user, body))
    .on(t.readTickets, ({ query }) => workflow.listTickets(deps, query))
    .on(t.readTicket, ({ query }) => workflow.readTicket(deps, query.id))
    .on(t.updateTicketEscalated, ({ body, user }) => workflow.setEscalated(deps, user, body.id, true))
    .on(t.updateTicketDeescalated, ({ body, user }) => workflow.setEscalated(deps, user, body.id, false))
    .on(t.updateTicketClosed, ({ body, user }) => workflow.closeTicket(deps, user, body.id, body.username))
    .on(t.createComment, ({ body, user }) => workflow.addComment(deps, user, body))
    .on(t.uploadTicketAttachment, ({ query, body, file, user }) =>
      workflow.addAttachment(deps, user, {
        ticketId: query.ticketId,
        authorUsername: query.authorUsername,
        description: body.description,
        file,
      }),
    )
    .on(t.attachmentFile, async ({ params, query }) => {
      const file = await workflow.attachmentFile(deps, params['id'] ?? '', query.thumbnail);
      return fileResult({
        contentType: file.contentType,
        data: file.data,
        fileName: file.fileName,
        disposition: query.thumbnail ? 'inline' : 'attachment',
      });
    });
}
