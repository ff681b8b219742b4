import { screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '../../shared/equipment';
import { stubFetch } from '../../test/fetch-stub';
import { tokenFor } from '../../test/fixtures';
import { queryOf } from '../../test/lists';
import { renderApp } from '../../test/render-app';
import { equipmentRoutes, findDetailDialog, fullUnit } from './test-support';

const listCalls = (stub: ReturnType<typeof stubFetch>) =>
  stub.callsTo('/read/aligners/v1/').map((request) => queryOf(request));

describe('the Connected filter and column of the equipment list', () => {
  it('when Connected is set to No, then the list is asked for offline units, the URL keeps it, and the column says Yes or No', async () => {
    const fleet = { units: [fullUnit('AX1AS0001'), fullUnit('AX1AS0002', { connected: false })] };
    const stub = stubFetch(equipmentRoutes(fleet));
    const { user, location } = renderApp({ route: '/Aligners', token: tokenFor('support') });
    await screen.findByRole('link', { name: 'AX1AS0002' });
    expect(screen.getByRole('columnheader', { name: 'Connected' })).toBeInTheDocument();
    const rowOf = (serial: string) => screen.getByRole('link', { name: serial }).closest('tr') as HTMLElement;
    expect(within(rowOf('AX1AS0001')).getByText('Yes')).toBeInTheDocument();
    expect(within(rowOf('AX1AS0002')).getByText('No')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Connected' }));
    await user.click(await screen.findByTitle('No'));
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', filterConnected: 'false' }));
    expect(location()).toBe('/Aligners?filterConnected=false');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/Aligners'));
  });

  it('when a link carries filterConnected=true, then the list call carries it', async () => {
    const stub = stubFetch(equipmentRoutes({ units: [fullUnit('AX1AS0001')] }));
    renderApp({ route: '/Aligners?filterConnected=true&filterCountryCode=US', token: tokenFor('guest') });
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({ page: '1', filterCountryCode: 'US', filterConnected: 'true' }),
    );
  });

  it('when a disconnected unit opens, then its dialog says since when it is offline', async () => {
    const since = '2026-03-04T05:06:07.000Z';
    const unit = fullUnit('AX1AS0003', {
      connected: false,
      lastSeenOnlineAt: since,
      port: null,
      address: null,
    });
    stubFetch(equipmentRoutes({ units: [unit] }));
    renderApp({ route: `/Aligners?serial=${unit.serialNumber}`, token: tokenFor('support') });
    const dialog = await findDetailDialog(unit.serialNumber);
    expect(within(dialog).getByText(`Offline since ${formatDateTime(since)}`)).toBeInTheDocument();
  });
});
