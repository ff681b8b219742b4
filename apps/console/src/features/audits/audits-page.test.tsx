import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { formatDateTime } from '../../shared/equipment/format';
import { openScreen } from '../../shared/testing/render-screen';
import { json, type StubHandler } from '../../test/fetch-stub';
import { bodyRows, pagedRoute, queryOf, rowStarting as row } from '../../test/lists';
import { AuditsPage, describeValue, endedText } from './audits-page';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  serialNumber: `AX1AS${String(id).padStart(4, '0')}`,
  command: 'aligner_open_ssh_port',
  args: {},
  username: 'engineer',
  status: 'completed',
  result: { port: 8443 },
  createdAt: '2024-05-20T12:00:00.000Z',
  completedAt: '2024-05-20T12:00:03.000Z',
  ...overrides,
});

const ENTRIES: AuditEntry[] = [
  entry(1, {
    command: 'aligner_set_logging_level',
    args: { loggingLevel: 'INFO' },
    result: { loggingLevel: 'INFO' },
  }),
  entry(2, { status: 'sent', result: null, completedAt: null, username: 'support' }),
  entry(3, { status: 'failed', result: 'The unit did not answer.', username: 'admin' }),
  ...Array.from({ length: 9 }, (_, i) => entry(i + 4)),
];

/** A command queued for an offline unit, and one whose unit did not reconnect in time. */
const LIFECYCLE: AuditEntry[] = [
  entry(20, {
    command: 'aligner_get_voltages',
    status: 'queued',
    result: null,
    completedAt: null,
    expiresAt: '2024-05-21T12:00:00.000Z',
  }),
  entry(21, {
    command: 'aligner_check_now',
    status: 'expired',
    result: null,
    completedAt: '2024-05-20T18:00:00.000Z',
    expiresAt: '2024-05-20T18:00:00.000Z',
  }),
];

function openAudits(role: Role = 'admin', list: StubHandler | null = null) {
  return openScreen('/Audits', <AuditsPage />, role, {
    '/read/audits/v1/':
      list ??
      pagedRoute(
        () => ENTRIES,
        (e, params) =>
          e.serialNumber.startsWith((params.get('filterSerialNumber') ?? '').toUpperCase()) &&
          e.username.startsWith((params.get('filterUsername') ?? '').toLowerCase()),
      ),
  });
}

describe('Audits', () => {
  it('when an admin opens /Audits, then an explanation and the command log show with When, Serial Number, Command, Sent By, Status, Result and Completed At', async () => {
    openAudits();
    expect(await screen.findByRole('cell', { name: 'AX1AS0001' })).toBeInTheDocument();
    expect(screen.getByText(/Every remote command sent to a unit from this console/)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'Serial Number',
      'Command',
      'Sent By',
      'Status',
      'Result',
      'Completed At',
    ]);
    expect(bodyRows()).toHaveLength(10);
    const first = screen.getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent(formatDateTime('2024-05-20T12:00:00.000Z'));
    expect(first).toHaveTextContent('aligner_set_logging_level loggingLevel: INFO');
    expect(first).toHaveTextContent('completed');
    expect(first).toHaveTextContent(formatDateTime('2024-05-20T12:00:03.000Z'));
    const second = screen.getAllByRole('row')[2] as HTMLElement;
    expect(within(second).getByRole('cell', { name: 'support' })).toBeInTheDocument();
    expect(second).toHaveTextContent('sent');
    expect(within(second).getAllByRole('cell', { name: '—' })).toHaveLength(2);
    expect(screen.getAllByRole('row')[3]).toHaveTextContent('The unit did not answer.');
  });

  it('when the explanation is read, then it tells the lifecycle: queued, sent, completed or failed, expired', async () => {
    openAudits();
    await screen.findByRole('cell', { name: 'AX1AS0001' });
    expect(
      screen.getByText(
        /queued while its unit is offline, sent once the unit has it, then completed or failed by the unit's answer/,
      ),
    ).toHaveTextContent(/does not reconnect before its expiry ends as expired\.$/);
  });

  it('when a command is queued for an offline unit and another expired, then each reads its status, the queued one until when it waits', async () => {
    openAudits('admin', { docs: LIFECYCLE, totalDocs: LIFECYCLE.length });
    const queued = (await screen.findByRole('cell', { name: 'AX1AS0020' })).closest('tr') as HTMLElement;
    expect(within(queued).getByText('queued')).toHaveAttribute('data-colour', 'gold');
    expect(
      within(queued).getByRole('cell', { name: `expires ${formatDateTime('2024-05-21T12:00:00.000Z')}` }),
    ).toBeInTheDocument();
    const expired = screen.getByRole('cell', { name: 'AX1AS0021' }).closest('tr') as HTMLElement;
    expect(within(expired).getByText('expired')).toHaveAttribute('data-colour', 'volcano');
    expect(
      within(expired).getByRole('cell', { name: `expired ${formatDateTime('2024-05-20T18:00:00.000Z')}` }),
    ).toBeInTheDocument();
  });

  it('when a status tag is hovered, then what the status means shows', async () => {
    const { user } = openAudits('admin', { docs: LIFECYCLE, totalDocs: LIFECYCLE.length });
    await user.hover(await screen.findByText('queued'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The unit is offline: it gets the command when it reconnects, unless the command expires first.',
    );
  });

  it('when an entry is ended, then Completed At reads its time; queued or expired, its expiry; otherwise a dash', () => {
    expect(endedText(entry(1))).toBe(formatDateTime('2024-05-20T12:00:03.000Z'));
    expect(endedText(entry(2, { status: 'sent', completedAt: null }))).toBe('');
    expect(
      endedText(entry(3, { status: 'queued', completedAt: null, expiresAt: '2024-05-21T12:00:00.000Z' })),
    ).toBe(`expires ${formatDateTime('2024-05-21T12:00:00.000Z')}`);
    expect(endedText(entry(4, { status: 'queued', completedAt: null, expiresAt: null }))).toBe('');
    expect(
      endedText(entry(5, { status: 'expired', completedAt: '2024-05-20T18:00:01.000Z', expiresAt: null })),
    ).toBe(`expired ${formatDateTime('2024-05-20T18:00:01.000Z')}`);
  });

  it('when a serial number and a username are typed, then page 1 is asked with both filters', async () => {
    const { stub, user: u } = openAudits();
    await screen.findByRole('cell', { name: 'AX1AS0001' });
    await u.type(screen.getByRole('textbox', { name: 'filter serial number' }), 'AX1AS000');
    await u.type(screen.getByRole('textbox', { name: 'filter username' }), 'adm');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(row(formatDateTime('2024-05-20T12:00:00.000Z'))).toHaveTextContent('AX1AS0003');
    expect(queryOf(stub.callsTo('/read/audits/v1/').at(-1) as Request)).toEqual({
      page: '1',
      filterSerialNumber: 'AX1AS000',
      filterUsername: 'adm',
    });
  });

  it.each(['engineer', 'support', 'guest'] as const)(
    "when %s opens /Audits, then 'You do not have access to Audits.' shows and nothing is asked",
    async (role) => {
      const { stub } = openAudits(role);
      expect(await screen.findByText('You do not have access to Audits.')).toBeInTheDocument();
      expect(stub.callsTo('/read/audits/v1/')).toHaveLength(0);
    },
  );

  it("when the log cannot be read, then the server's sentence shows with Retry", async () => {
    openAudits('admin', json(500, { error: 'The audit trail could not be read.', code: 'internal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit trail could not be read.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('when arguments and results are described, then objects read as key: value pairs', () => {
    expect(describeValue({ port: 8443, open: true })).toBe('port: 8443, open: true');
    expect(describeValue(null)).toBe('');
    expect(describeValue('done')).toBe('done');
    expect(describeValue([1, 2])).toBe('[1,2]');
  });
});
