import { screen, waitFor, within } from '@testing-library/react';
import type { UnitHistoryEntry } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment';
import { stubFetch } from '../../test/fetch-stub';
import { tokenFor } from '../../test/fixtures';
import { pagedRoute, queryOf } from '../../test/lists';
import { renderApp } from '../../test/render-app';
import { equipmentRoutes, findDetailDialog, fullUnit } from './test-support';

const entry = (id: number, overrides: Partial<UnitHistoryEntry> = {}): UnitHistoryEntry => ({
  id,
  serialNumber: 'AX1AS0001',
  kind: 'connected',
  summary: `Event ${id}`,
  actor: null,
  detail: {},
  at: `2026-03-01T10:${String(id).padStart(2, '0')}:00.000Z`,
  ...overrides,
});

// Newest first, as the server answers.
const TIMELINE = [
  entry(13, {
    kind: 'alert',
    summary: 'Alert US aligners offline acknowledged by support (on it)',
    actor: 'support',
    detail: { alertId: 5, ruleId: 2, kind: 'unitOffline', severity: 'major', state: 'acknowledged' },
  }),
  entry(12, { kind: 'staged', summary: 'Update 5.3.0 staged by support', actor: 'support' }),
  ...Array.from({ length: 11 }, (_, i) => entry(11 - i)),
];

describe('the History tab of the unit detail dialog', () => {
  it('when History is opened, then the timeline shows newest first with time, what and who, and pages on the server', async () => {
    const unit = fullUnit('AX1AS0001');
    const stub = stubFetch(
      equipmentRoutes({ units: [unit] }, { '/read/aligner_history/v1': pagedRoute(() => TIMELINE) }),
    );
    const { user } = renderApp({
      route: `/Aligners?serial=${unit.serialNumber}`,
      token: tokenFor('support'),
    });
    const dialog = await findDetailDialog(unit.serialNumber);
    expect(stub.callsTo('/read/aligner_history/v1')).toHaveLength(0);

    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    const alert = await within(dialog).findByRole('row', {
      name: /Alert US aligners offline acknowledged by support/,
    });
    expect(within(alert).getByText('Major')).toBeInTheDocument();
    const first = await within(dialog).findByRole('row', { name: /Update 5\.3\.0 staged by support/ });
    expect(first).toHaveTextContent(formatDateTime(TIMELINE[1]?.at));
    expect(first).toHaveTextContent('support');
    expect(within(dialog).getByRole('row', { name: /Event 10/ })).toHaveTextContent('the unit');
    expect(queryOf(stub.callsTo('/read/aligner_history/v1')[0])).toEqual({
      serialNumber: 'AX1AS0001',
      page: '1',
    });

    await user.click(within(dialog).getByTitle('2'));
    await waitFor(() =>
      expect(queryOf(stub.callsTo('/read/aligner_history/v1').at(-1))).toEqual({
        serialNumber: 'AX1AS0001',
        page: '2',
      }),
    );
    expect(await within(dialog).findByRole('row', { name: /Event 2 / })).toBeInTheDocument();
    expect(within(dialog).queryByText('Software Version')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Details' }));
    expect(await within(dialog).findByText('Software Version')).toBeInTheDocument();
  });

  it('when the unit has no history yet, then the tab says so', async () => {
    const unit = fullUnit('AX1AS0001');
    stubFetch(equipmentRoutes({ units: [unit] }, { '/read/aligner_history/v1': { docs: [], totalDocs: 0 } }));
    const { user } = renderApp({ route: `/Aligners?serial=${unit.serialNumber}`, token: tokenFor('guest') });
    const dialog = await findDetailDialog(unit.serialNumber);
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect(await within(dialog).findByText('Nothing recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
