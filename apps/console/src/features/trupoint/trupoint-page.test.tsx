import { screen, waitFor, within } from '@testing-library/react';
import type { Pairing } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { formatDateTime } from '../../shared/equipment/format';
import { openScreen } from '../../shared/testing/render-screen';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { TruPointPage } from './trupoint-page';
import { bodyRows, pagedRoute, queryOf, rowStarting as row } from '../../test/lists';

const pairing = (n: number, overrides: Partial<Pairing> = {}): Pairing => ({
  id: `p${n}`,
  vendor: `Vendor ${n}`,
  vendorKey: `VK-${n}`,
  alignmentId: `AL-${1000 + n}`,
  truPointSerialNumber: `TPX${String(n).padStart(5, '0')}`,
  createdAt: '2024-05-20T12:00:00.000Z',
  updatedAt: '2024-05-21T08:30:00.000Z',
  reason: null,
  calibrations: [],
  ...overrides,
});

const ACTIVE: Pairing[] = Array.from({ length: 12 }, (_, i) =>
  pairing(i + 1, {
    calibrations:
      i === 0
        ? [
            { name: 'Front Camera', state: 'COMPLETE', passed: true, reportMessage: null },
            { name: 'Front Radar', state: 'COMPLETE', passed: false, reportMessage: 'Target not detected.' },
          ]
        : [],
  }),
);
const ABORTED = [pairing(50, { reason: 'Operator cancelled the pairing.' })];
const COMPLETED = [pairing(60)];

function openTruPoint(role: Role = 'support') {
  return openScreen('/TruPoint', <TruPointPage />, role, {
    '/read/active_pairings/v1/': pagedRoute(() => ACTIVE),
    '/read/completed_pairings/v1/': pagedRoute(() => COMPLETED),
    '/read/aborted_pairings/v1/': pagedRoute(() => ABORTED),
  });
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('TruPoint vendor integrations', () => {
  it('when support opens /TruPoint, then the Active tab lists pairings with Updated At and no Reason, 10 a page', async () => {
    const { stub } = openTruPoint();
    expect(await screen.findByRole('cell', { name: 'Vendor 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'TruPoint Vendor Integrations' })).toBeInTheDocument();
    for (const tab of ['Active', 'Completed', 'Aborted'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(headers()).toEqual([
      'Vendor',
      'Vendor Key',
      'Alignment ID',
      'Tru-Point Serial Number',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    const first = row('Vendor 1');
    expect(within(first).getByRole('cell', { name: 'VK-1' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'AL-1001' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'TPX00001' })).toBeInTheDocument();
    expect(
      within(first).getByRole('cell', { name: formatDateTime('2024-05-21T08:30:00.000Z') }),
    ).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'View Pairing Details' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(queryOf(stub.callsTo('/read/active_pairings/v1/')[0] as Request)).toEqual({ page: '1' });
  });

  it('when the Completed and Aborted tabs open, then Completed has neither Updated At nor Reason and Aborted shows Reason', async () => {
    const { user: u } = openTruPoint('support_lvl2');
    await screen.findByRole('cell', { name: 'Vendor 1' });
    await u.click(screen.getByRole('tab', { name: 'Completed' }));
    await screen.findByRole('cell', { name: 'Vendor 60' });
    const completedPanel = screen.getByRole('tabpanel', { name: 'Completed' });
    const completedHeaders = within(completedPanel)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(completedHeaders).not.toContain('Updated At');
    expect(completedHeaders).not.toContain('Reason');
    await u.click(screen.getByRole('tab', { name: 'Aborted' }));
    await screen.findByRole('cell', { name: 'Vendor 50' });
    const abortedPanel = screen.getByRole('tabpanel', { name: 'Aborted' });
    const abortedHeaders = within(abortedPanel)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(abortedHeaders).toContain('Reason');
    expect(abortedHeaders).not.toContain('Updated At');
    expect(
      within(abortedPanel).getByRole('cell', { name: 'Operator cancelled the pairing.' }),
    ).toBeInTheDocument();
  });

  it('when a sortable header is clicked, then page 1 is asked with sortBy and sortDesc, ascending then descending', async () => {
    const { stub, user: u } = openTruPoint('engineer');
    await screen.findByRole('cell', { name: 'Vendor 1' });
    await u.click(screen.getByTitle('2'));
    await screen.findByRole('cell', { name: 'Vendor 11' });
    await u.click(screen.getByRole('columnheader', { name: /Tru-Point Serial Number/ }));
    await waitFor(() =>
      expect(queryOf(stub.callsTo('/read/active_pairings/v1/').at(-1) as Request)).toEqual({
        page: '1',
        sortBy: 'truPointSerialNumber',
        sortDesc: 'false',
      }),
    );
    await u.click(screen.getByRole('columnheader', { name: /Tru-Point Serial Number/ }));
    await waitFor(() =>
      expect(queryOf(stub.callsTo('/read/active_pairings/v1/').at(-1) as Request)).toEqual({
        page: '1',
        sortBy: 'truPointSerialNumber',
        sortDesc: 'true',
      }),
    );
    await u.click(screen.getByRole('columnheader', { name: /Created At/ }));
    await waitFor(() =>
      expect(queryOf(stub.callsTo('/read/active_pairings/v1/').at(-1) as Request)).toMatchObject({
        sortBy: 'createdAt',
      }),
    );
    // Vendor Key and Alignment ID are not sortable.
    expect(screen.getByRole('columnheader', { name: 'Vendor Key' })).not.toHaveClass(
      'ant-table-column-has-sorters',
    );
    expect(screen.getByRole('columnheader', { name: 'Vendor' })).toHaveClass('ant-table-column-has-sorters');
  });

  it("when the zoom icon is clicked, then the dialog shows the fields and the calibrations (report or 'None'), and only Cancel", async () => {
    const { user: u } = openTruPoint();
    await screen.findByRole('cell', { name: 'Vendor 1' });
    await u.click(within(row('Vendor 1')).getByRole('button', { name: 'View Pairing Details' }));
    const dialog = await findDialog('Vendor Pairing');
    for (const text of [
      'Vendor 1',
      'VK-1',
      'AL-1001',
      'TPX00001',
      'Updated At',
      formatDateTime('2024-05-20T12:00:00.000Z'),
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).not.toHaveTextContent('Reason');
    const items = within(within(dialog).getByRole('list', { name: 'Calibrations' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Front Camera');
    expect(items[0]).toHaveTextContent('COMPLETE');
    expect(items[0]).toHaveTextContent('Passedyes');
    expect(items[0]).toHaveTextContent('Report MessageNone');
    expect(items[1]).toHaveTextContent('Passedno');
    expect(items[1]).toHaveTextContent('Target not detected.');
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Close', 'Cancel']);
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogOpen('Vendor Pairing')).toBe(false));

    await u.click(within(row('Vendor 2')).getByRole('button', { name: 'View Pairing Details' }));
    expect(await findDialog('Vendor Pairing')).toHaveTextContent('NO CALIBRATIONS');
  });

  it('when an aborted pairing is opened, then its Reason shows and Updated At does not', async () => {
    const { user: u } = openTruPoint();
    await screen.findByRole('cell', { name: 'Vendor 1' });
    await u.click(screen.getByRole('tab', { name: 'Aborted' }));
    await screen.findByRole('cell', { name: 'Vendor 50' });
    await u.click(within(row('Vendor 50')).getByRole('button', { name: 'View Pairing Details' }));
    const dialog = await findDialog('Vendor Pairing');
    expect(dialog).toHaveTextContent('ReasonOperator cancelled the pairing.');
    expect(dialog).not.toHaveTextContent('Updated At');
  });

  it.each(['tech', 'ezadas', 'guest'] as const)(
    'when %s opens /TruPoint, then it is told it has no access and nothing is asked',
    async (role) => {
      const { stub } = openTruPoint(role);
      expect(await screen.findByText('You do not have access to TruPoint.')).toBeInTheDocument();
      expect(stub.callsTo('/read/active_pairings/v1/')).toHaveLength(0);
    },
  );
});
