import { act, screen, waitFor, within } from '@testing-library/react';
import { chartData, openSoftwareUpdates, statistic } from './test-support';

const region = (name: string) => screen.findByRole('region', { name });

describe('Software Versions', () => {
  it('when it opens, then each tab title carries the family latest version with its meta', async () => {
    openSoftwareUpdates();
    expect(await screen.findByRole('tab', { name: 'Aligners 5.4.2 - build 2400' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Tru-Point 1.5.0' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Aligners-Oasis 2.1.0 - Oasis' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Software Versions' })).toBeInTheDocument();
  });

  it('when the aligner tab shows, then Staged Updates has the count and ready to download, and Installed Versions the count at latest over the total', async () => {
    openSoftwareUpdates();
    const staged = await region('Aligners Staged Updates');
    await waitFor(() => expect(statistic(staged, 'Staged')).toBe('9'));
    expect(statistic(staged, 'Ready to download')).toBe('4');
    const installed = await region('Aligners Installed Versions');
    // 300 units on 5.4.2 of 421 in all: every version counts in the total, charted or not.
    await waitFor(() => expect(statistic(installed, 'At the latest version')).toBe('300 / 421'));
    expect(installed).toHaveTextContent('Latest: 5.4.2 - build 2400');
  });

  it('when the charts draw, then staged versions ascend by version and installed versions with more than 1 unit show on a log axis in the server order', async () => {
    openSoftwareUpdates();
    await region('Aligners Staged Updates');
    await waitFor(() =>
      expect(chartData('Staged Aligner updates by version')).toEqual([
        { label: '5.3.0', value: 2 },
        { label: '5.4.2', value: 6 },
        { label: '5.10.0', value: 1 },
      ]),
    );
    // Log-axis columns start at 1 (`base`), the bottom of the axis.
    expect(chartData('Installed Aligner versions')).toEqual([
      { label: '5.4.2', value: 300, base: 1 },
      { label: '5.3.0', value: 120, base: 1 },
    ]);
    expect(screen.getByRole('figure', { name: 'Installed Aligner versions' })).toHaveAttribute(
      'data-scale',
      'log',
    );
  });

  it('when the Tru-Point tab is chosen, then its installed versions ascend by semantic version and the URL keeps the tab', async () => {
    const { user, location } = openSoftwareUpdates();
    await user.click(await screen.findByRole('tab', { name: 'Tru-Point 1.5.0' }));
    const installed = await region('Tru-Point Installed Versions');
    await waitFor(() =>
      expect(chartData('Installed Tru-Point versions')).toEqual([
        { label: '1.5.0', value: 40, base: 1 },
        { label: '1.9.0', value: 2, base: 1 },
        { label: '1.10.0', value: 5, base: 1 },
      ]),
    );
    expect(statistic(installed, 'At the latest version')).toBe('40 / 48');
    expect(within(await region('Tru-Point Staged Updates')).getByText('Nothing staged')).toBeInTheDocument();
    expect(location()).toBe('/SoftwareUpdates?tab=gtps');
  });

  it('when a link names the Oasis tab, then it opens on it, with an empty chart state', async () => {
    openSoftwareUpdates({ entry: '/SoftwareUpdates?tab=aligner-oasis' });
    expect(await screen.findByRole('tab', { name: 'Aligners-Oasis 2.1.0 - Oasis' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const installed = await region('Aligners-Oasis Installed Versions');
    expect(within(installed).getByText('No version with more than one unit')).toBeInTheDocument();
  });

  it('when an engineer opens it, then the three Create buttons show, and Schedule Aligner Updates only on the Aligners tab', async () => {
    const { user } = openSoftwareUpdates({ role: 'engineer' });
    await screen.findByRole('tab', { name: /^Aligners 5/ });
    for (const name of [
      'Create Aligner Update',
      'Create Tru-Point Update',
      'Create Oasis Update',
      'Schedule Aligner Updates',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: 'Tru-Point 1.5.0' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Schedule Aligner Updates' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Create Tru-Point Update' })).toBeInTheDocument();
  });

  it.each(['support', 'support_lvl2', 'guest'] as const)(
    'when %s opens it, then no Create or Schedule button shows',
    async (role) => {
      openSoftwareUpdates({ role });
      await screen.findByRole('tab', { name: /^Aligners 5/ });
      expect(screen.queryByRole('button', { name: /^Create .* Update$/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Schedule Aligner Updates' })).not.toBeInTheDocument();
    },
  );

  it('when an admin opens it, then the buttons show', async () => {
    openSoftwareUpdates({ role: 'admin' });
    expect(await screen.findByRole('button', { name: 'Create Oasis Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule Aligner Updates' })).toBeInTheDocument();
  });

  it('when a newer aligner update is announced live, then the alert shows and the tab title carries the new latest', async () => {
    const { live, world } = openSoftwareUpdates();
    await screen.findByRole('tab', { name: 'Aligners 5.4.2 - build 2400' });
    world.latest.aligner = { semantic: '5.6.0', meta: 'build 2600', path: '/updates/aligner/5.6.0' };
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('NEW_SOFTWARE_UPDATE_CREATED', {
        family: 'aligner',
        version: { semantic: '5.6.0', meta: 'build 2600' },
        path: '/updates/aligner/5.6.0',
      });
    });
    expect(await screen.findByRole('tab', { name: 'Aligners 5.6.0 - build 2600' })).toBeInTheDocument();
    expect(
      await screen.findByText('The latest software available is now version 5.6.0.'),
    ).toBeInTheDocument();
    // 5.6.0 is the latest now: no unit runs it yet.
    await waitFor(async () =>
      expect(statistic(await region('Aligners Installed Versions'), 'At the latest version')).toBe('0 / 421'),
    );
  });

  it('when updates are staged live, then the Staged Updates card reloads its totals', async () => {
    const { live, world, stub } = openSoftwareUpdates();
    const staged = await region('Aligners Staged Updates');
    await waitFor(() => expect(statistic(staged, 'Staged')).toBe('9'));
    const reads = stub.callsTo('/read/staged_update_totals/v1').length;
    world.staged.aligner = { total: 30, readyToDownload: 21, versions: { '5.4.2': 30 } };
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('SOFTWARE_UPDATES_STAGED', { family: 'aligner' });
    });
    await waitFor(() => expect(statistic(staged, 'Staged')).toBe('30'));
    expect(statistic(staged, 'Ready to download')).toBe('21');
    expect(stub.callsTo('/read/staged_update_totals/v1').length).toBeGreaterThan(reads);
    await waitFor(() =>
      expect(chartData('Staged Aligner updates by version')).toEqual([{ label: '5.4.2', value: 30 }]),
    );
  });

  it('when a read fails, then its card says it is not available', async () => {
    openSoftwareUpdates({
      routes: {
        '/read/aligner_software_versions/v1': () => new Response('{"error":"down"}', { status: 500 }),
      },
    });
    expect(
      await within(await region('Aligners Installed Versions')).findByText('Not available right now.'),
    ).toBeInTheDocument();
  });
});
