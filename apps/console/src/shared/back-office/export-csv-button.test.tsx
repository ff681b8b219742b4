import { screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@equipment-dashboard/contract';
import { AuditsPage } from '../../features/audits/audits-page';
import { EquipmentPage } from '../../features/equipment/equipment-page';
import { equipmentRoutes, fullUnit } from '../../features/equipment/test-support';
import { json, type StubHandler } from '../../test/fetch-stub';
import { pagedRoute, queryOf } from '../../test/lists';
import { openScreen } from '../testing/render-screen';

const TODAY = () => new Date().toISOString().slice(0, 10);

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

const csv = (text: string) => new Response(`\ufeff${text}`, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });

/** The files the browser was handed: the link's download name and the object URL it pointed at. */
let saved: { name: string; href: string }[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:http://localhost/export');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});
afterEach(() => jest.restoreAllMocks());

function openAudits(route: string, exportAnswer: StubHandler) {
  return openScreen(route, <AuditsPage />, 'admin', {
    '/read/audits/v1/': pagedRoute(() => Array.from({ length: 25 }, (_, i) => entry(i + 1))),
    '/read/audits/v1/export.csv': exportAnswer,
  });
}

describe('Export CSV (issue 21)', () => {
  it('when Export CSV is clicked on a back-office list, then the export of its current filters is fetched with the token, page left out, and saved as a file', async () => {
    const { user, stub } = openAudits('/Audits?page=2&filterSerialNumber=AX1&filterUsername=eng', csv('When,Serial Number\r\n'));
    await screen.findByRole('cell', { name: 'AX1AS0011' });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = stub.callsTo('/read/audits/v1/export.csv');
    expect(queryOf(request)).toEqual({ filterSerialNumber: 'AX1', filterUsername: 'eng' });
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(saved[0]).toEqual({ name: `audits-${TODAY()}.csv`, href: 'blob:http://localhost/export' });
    expect(await screen.findByText(`audits-${TODAY()}.csv was downloaded.`)).toBeInTheDocument();
  });

  it('when the export fails, then a snackbar says why and nothing is saved', async () => {
    const { user } = openAudits('/Audits', json(403, { error: 'The support role may not do this (audits).', code: 'forbidden' }));
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

  it('when Export CSV is clicked on the equipment list, then the equipment export is asked with its filters and sort', async () => {
    const routes = equipmentRoutes({ units: [fullUnit('TP5HV0001', { family: 'gtps' })] });
    const { user, stub } = openScreen('/Aligners?filterFamily=gtps&sortBy=updatedAt&sortDesc=true&page=1', <EquipmentPage />, 'support', {
      ...routes,
      '/read/aligners/v1/export.csv': csv('Serial Number\r\nTP5HV0001\r\n'),
    });
    await screen.findByRole('link', { name: 'TP5HV0001' });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queryOf(stub.callsTo('/read/aligners/v1/export.csv')[0])).toEqual({ filterFamily: 'gtps', sortBy: 'updatedAt', sortDesc: 'true' });
    expect(saved[0]?.name).toBe(`equipment-${TODAY()}.csv`);
  });
});
