import type { Aligner, Message, Ticket } from '@equipment-dashboard/contract';
import { api, apiToken } from './console';

/*
 * Helpers of the support-desk specs (tickets, users, notifications, messaging): what a spec sets up or
 * reads through the API beside the browser, and what it puts back afterwards.
 */

/** An 8x8 red PNG: small, and a real image (the server checks attachments from their bytes). */
export const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4YGCAFTEMLQkA2ntMAeuWKpoAAAAASUVORK5CYII=',
  'base64',
);

/** A name no earlier run of the specs used: a prefix and the time in base 36. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}`;
}

/** Opens a ticket on a unit as `username` (the issuer must be the signed-in user), not escalated. */
export async function openTicketAs(username: string, unit: Aligner, description: string): Promise<Ticket> {
  const token = await apiToken(username);
  return api<Ticket>(token, '/create/ticket/v1', {
    method: 'POST',
    body: {
      issuerUsername: username,
      issuerEmail: `${username}@equipment-dashboard.example`,
      originatorName: 'E2E Caller',
      originatorEmail: 'caller@shop.example',
      description,
      serialNumber: unit.serialNumber,
      version: unit.version.semantic,
      specs: unit.specs?.name ?? 'unknown',
      connected: unit.connected,
      escalated: false,
      family: unit.family,
      model: 'E2E model',
    },
  });
}

/** A ticket as the server has it now. */
export async function readTicket(id: number): Promise<Ticket> {
  return api<Ticket>(await apiToken('admin'), `/read/ticket/v1/?id=${id}`);
}

/** Closes a ticket the spec left open (as admin), so that no test ticket stays open for later specs. */
export async function closeTicketIfOpen(id: number): Promise<void> {
  const ticket = await readTicket(id);
  if (ticket.status === 'open') {
    await api(await apiToken('admin'), '/update/ticket_closed/v1/', {
      method: 'POST',
      body: { id, username: 'admin' },
    });
  }
}

/** The messages of one disposition with a header, read as admin (every issuer). */
export async function messagesWithHeader(disposition: string, header: string): Promise<Message[]> {
  const token = await apiToken('admin');
  const found: Message[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const query = new URLSearchParams({ page: String(page), filterDisposition: disposition });
    const list = await api<{ docs: Message[]; totalDocs: number }>(
      token,
      `/read/messages/v1/?${query.toString()}`,
    );
    found.push(...list.docs.filter((message) => message.header === header));
    if (page * 10 >= list.totalDocs) break;
  }
  return found;
}

/** Deletes (soft) a message the spec made, as admin (an approver may delete any message). */
export async function deleteMessage(id: number): Promise<void> {
  await api(await apiToken('admin'), '/delete/message/v1', { method: 'POST', body: { id } });
}

/** Deletes a user the spec made, if it is still there. */
export async function deleteUserIfPresent(username: string): Promise<void> {
  const token = await apiToken('admin');
  const list = await api<{ docs: { username: string }[] }>(
    token,
    `/read/users/v1/?filterUsername=${encodeURIComponent(username)}`,
  );
  if (list.docs.some((user) => user.username === username)) {
    await api(token, '/delete/user/v1', { method: 'POST', body: { username } });
  }
}
