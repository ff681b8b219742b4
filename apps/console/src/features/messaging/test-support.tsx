import type { Message } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { type StubHandler } from '../../test/fetch-stub';
import { openApp } from '../../test/render-app';
import { pagedRoute } from '../../test/lists';

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
  return pagedRoute(
    () => world.messages,
    (m, params) => {
      const issuer = params.get('filterIssuerUsername') ?? '';
      const disposition = params.get('filterDisposition');
      return (
        (!disposition || m.disposition === disposition) &&
        (issuer === '' || (m.issuerUsername === issuer) !== (params.get('invert') === 'true'))
      );
    },
  );
}

/** /Messaging for a role over a mutable message world, with extra routes per test. */
export function openMessaging(
  role: Role = 'support',
  overrides: (world: MessageWorld) => Record<string, StubHandler> = () => ({}),
) {
  const world: MessageWorld = { messages: defaultMessages() };
  const app = openApp('/Messaging', role, {
    '/read/messages/v1/': readMessagesRoute(world),
    '/read/aligner_countries/v1': COUNTRIES,
    ...overrides(world),
  });
  return { ...app, world };
}
