import { screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@equipment-dashboard/contract';
import { openScreen } from '../../shared/testing/render-screen';
import { csv, recordDownloads, today } from '../../test/downloads';
import { json, type StubHandler } from '../../test/fetch-stub';
import { pagedRoute, queryOf } from '../../test/lists';
import { AuditsPage } from './audits-page';

const entry = (id: number): AuditEntry => ({
  id,
  serialNumber: `AX1AS${String(id).padStart(4, '0')}`,
  command: 'aligner_check_now',
  args: {},
  username: 'engineer',
  status: 'completed',
  result: null,
  createdAt: '2024-05-20T12:00:00.000Z',
  completedAt: null,
});

const saved = recordDownloads();

function openAudits(route: string, exportAnswer: StubHandler) {
  return openScreen(route, <AuditsPage />, 'admin', {
    '/read/audits/v1/': pagedRoute(() => Array.from({ length: 25 }, (_, i) => entry(i + 1))),
    '/read/audits/v1/export.csv': exportAnswer,
  });
}

describe('Export CSV on a back-office list (shared ServerList)', () => {
  it('when Export CSV is clicked on a back-office list, then the export of its current filters is fetched with the token, page left out, and saved as a file', async () => {
    const { user, stub } = openAudits(
      '/Audits?page=2&filterSerialNumber=AX1&filterUsername=eng',
      csv('When,Serial Number\r\n'),
    );
    await screen.findByRole('cell', { name: 'AX1AS0011' });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = stub.callsTo('/read/audits/v1/export.csv');
    expect(queryOf(request)).toEqual({ filterSerialNumber: 'AX1', filterUsername: 'eng' });
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(saved[0]).toEqual({ name: `audits-${today()}.csv`, href: 'blob:http://localhost/export' });
    expect(await screen.findByText(`audits-${today()}.csv was downloaded.`)).toBeInTheDocument();
  });

  it('when the export fails, then a snackbar says why and nothing is saved', async () => {
    const { user } = openAudits(
      '/Audits',
      json(403, { error: 'The support role may not do this (audits).', code: 'forbidden' }),
    );
    await screen.findByRole('cell', { name: 'AX1AS0001' });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText(/The CSV export failed: .*may not do this/)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('when the export is under way, then the button shows it is busy until the file arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = openAudits('/Audits', () => new Promise<Response>((resolve) => (answer = resolve)));
    await screen.findByRole('cell', { name: 'AX1AS0001' });
    const button = screen.getByRole('button', { name: /Export CSV/ });
    await user.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    answer(csv('When\r\n'));
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(saved).toHaveLength(1);
  });
});
