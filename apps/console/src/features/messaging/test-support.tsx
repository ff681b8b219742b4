import type { Message } from '@equipment-dashboard/contract';
import { PAGE_SIZE, type Role } from '@equipment-dashboard/domain';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

export function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    header: `Header ${id}`,
    body: `Body of message ${id}`,
    callToAction: `Call now about ${id}`,
    schedule: { startDate: '2026-12-03T00:00:00.000Z', endDate: '2026-12-23T23:59:59.999Z' },
    targets: { market: 'DE', softwareVersion: 'all', serialNumbers: [] },
    issuerUsername: 'support',
    issuerEmail: 'support@example.com',
    disposition: 'draft',
    ...overrides,
  };
}

export const COUNTRIES = [
  { countryName: 'Germany', countryCode: 'DE' },
  { countryName: 'Mexico', countryCode: 'MX' },
];

/** The messages of a test; the list route filters them as the server does (issuer, invert, disposition). */
export interface MessageWorld {
  messages: Message[];
}

function defaultMessages(): Message[] {
  return [
    message(1),
    message(2, { issuerUsername: 'engineer', issuerEmail: 'engineer@example.com' }),
    message(3, { disposition: 'pending approval', issuerUsername: 'tech' }),
    message(4, { disposition: 'pending approval' }),
    message(5, { disposition: 'upcoming' }),
    message(6, { disposition: 'active' }),
    message(7, { disposition: 'completed' }),
    message(8, { disposition: 'deleted' }),
  ];
}

function readMessagesRoute(world: MessageWorld): StubHandler {
  return (request) => {
    const params = new URL(request.url).searchParams;
    const page = Number(params.get('page') ?? '1');
    const issuer = params.get('filterIssuerUsername') ?? '';
    const invert = params.get('invert') === 'true';
    const disposition = params.get('filterDisposition');
    const rows = world.messages
      .filter((m) => !disposition || m.disposition === disposition)
      .filter((m) => issuer === '' || (m.issuerUsername === issuer) !== invert);
    return { docs: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), totalDocs: rows.length };
  };
}

/** /Messaging for a role over a mutable message world, with extra routes per test. */
export function openMessaging(
  role: Role = 'support',
  overrides: (world: MessageWorld) => Record<string, StubHandler> = () => ({}),
) {
  const world: MessageWorld = { messages: defaultMessages() };
  const stub = stubFetch(
    dashboardRoutes({
      '/read/messages/v1/': readMessagesRoute(world),
      '/read/aligner_countries/v1': COUNTRIES,
      ...overrides(world),
    }),
  );
  const app = renderApp({ route: '/Messaging', token: tokenFor(role) });
  return { ...app, stub, world };
}

export const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://localhost').searchParams);
