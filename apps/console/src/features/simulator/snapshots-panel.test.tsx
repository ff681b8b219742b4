import { act, screen, waitFor, within } from '@testing-library/react';
import type { SimSnapshot } from '@equipment-dashboard/contract';
import { openScreen } from '../../shared/testing/render-screen';
import { json } from '../../test/fetch-stub';
import { SnapshotsPanel } from './snapshots-panel';

const SNAPSHOT: SimSnapshot = {
  id: 3,
  name: 'before the outage',
  createdBy: 'engineer',
  createdAt: '2025-03-01T10:00:00.000Z',
  simulatedAt: '2025-03-01T09:30:00.000Z',
  units: 1200,
  digest: 'a'.repeat(64),
  bytes: 2_500_000,
};

function openPanel() {
  const posted: { path: string; body: unknown }[] = [];
  let snapshots: SimSnapshot[] = [SNAPSHOT];
  const opened = openScreen('/Simulator', <SnapshotsPanel />, 'engineer', {
    '/sim/snapshots/v1/': () => ({ docs: snapshots, totalDocs: snapshots.length }),
    '/create/sim_snapshot/v1': async (request: Request) => {
      const body = (await request.json()) as { name: string };
      posted.push({ path: 'create', body });
      const made = { ...SNAPSHOT, id: 4, name: body.name };
      snapshots = [made, ...snapshots];
      return json(201, made);
    },
    '/sim/snapshot_restored/v1': async (request: Request) => {
      posted.push({ path: 'restore', body: await request.json() });
      return { snapshot: SNAPSHOT, digest: SNAPSHOT.digest };
    },
    '/sim/snapshot/v1/import': () =>
      json(400, {
        error: 'The snapshot file was refused: its version 2 is not 1.',
        details: { version: 'expected 1, found 2' },
      }),
  });
  return { ...opened, posted };
}

describe('Simulator snapshots', () => {
  it('when the panel opens, then the snapshots show with when, by whom, units and size, and the staff-data note', async () => {
    openPanel();
    const panel = screen.getByRole('region', { name: 'Snapshots' });
    expect(await within(panel).findByText('before the outage')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        "Staff data (tickets, users, alerts' acknowledgements, audit) is not part of a snapshot.",
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('2.4 MB')).toBeInTheDocument();
  });

  it('when the field state is saved under a name, then the name is sent and the new snapshot is listed', async () => {
    const { user, posted } = openPanel();
    await user.click(await screen.findByRole('button', { name: 'Save the field state' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'after lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'create', body: { name: 'after lunch' } }]));
    expect(await screen.findByText('after lunch')).toBeInTheDocument();
  });

  it('when Restore is confirmed, then the confirmation names what returns and the restore is sent', async () => {
    const { user, posted } = openPanel();
    await user.click(await screen.findByRole('button', { name: 'Restore before the outage' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The simulated world returns to before the outage: 1200 units');
    expect(dialog).toHaveTextContent('Staff data stays as it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'restore', body: { id: 3 } }]));
  });

  it.each(['restore', 'snapshot', 'import'] as const)(
    'when another console says %s (SIMULATOR_CHANGED), then the snapshots are read again',
    async (change) => {
      const { live, stub } = openPanel();
      await screen.findByText('before the outage');
      const before = stub.callsTo('/sim/snapshots/v1/').length;
      await act(async () => {
        live.last().serverConnects();
        live.last().serverEmits('SIMULATOR_CHANGED', { change, by: 'admin' });
      });
      await waitFor(() => expect(stub.callsTo('/sim/snapshots/v1/').length).toBeGreaterThan(before));
    },
  );

  it('when a file of another version is imported, then the server says why on the panel', async () => {
    const { user } = openPanel();
    await screen.findByText('before the outage');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(
      input,
      new File([new Uint8Array([31, 139, 8])], 'other.json.gz', { type: 'application/gzip' }),
    );
    expect(await screen.findByText(/its version 2 is not 1/)).toBeInTheDocument();
  });
});
