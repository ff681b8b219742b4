import { messagesEndpoints as m } from '@equipment-dashboard/contract';
import * as messages from '../../services/messages-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** In-app messages of back-office §7.4: the tabs, the draft-approval flow and the serial number upload. */
export function mountMessages(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(m.readMessages, ({ query, user }) => messages.listMessages(deps, user, query))
    .on(m.createMessage, ({ body, user }) => messages.createMessage(deps, user, body))
    .on(m.updateMessage, ({ body, user }) => messages.updateMessage(deps, user, body.id, body.payload))
    .on(m.deleteMessage, ({ body, user }) => messages.deleteMessage(deps, user, body.id))
    .on(m.uploadSerialnumbers, ({ file }) => messages.serialNumbersFromCsv(file));
}
