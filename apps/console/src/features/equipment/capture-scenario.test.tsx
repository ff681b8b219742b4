import { screen, waitFor, within } from '@testing-library/react';
import type { Aligner } from '@equipment-dashboard/contract';
import { stubFetch } from '../../test/fetch-stub';
import { tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { equipmentRoutes, fullUnit } from './test-support';

const CAPTURED = `name: captured-units
description: 2 units as they were.
units:
  - select:
      serials: [ AX1AS0001, AX1AS0002 ]
    set:
      connected: false
      version: 5.3.1
      staged: false
`;

function fleetOf12(): Aligner[] {
  return Array.from({ length: 12 }, (_, n) => fullUnit(`AX1AS${String(n + 1).padStart(4, '0')}`));
}

function openList(role: Parameters<typeof tokenFor>[0]) {
  const stub = stubFetch(
    equipmentRoutes(
      { units: fleetOf12() },
      {
        'POST /sim/scenario_capture/v1': async (request: Request) => {
          const { selection } = (await request.json()) as { selection: { serials?: string[] } };
          return { yaml: CAPTURED, units: selection.serials?.length ?? 12 };
        },
        'GET /sim/clock': { now: '2025-03-01T10:00:00.000Z', speed: 1 },
        '/sim/scenarios': [],
        '/sim/scenario_runs/v1/': { docs: [], totalDocs: 0 },
        '/sim/snapshots/v1/': { docs: [], totalDocs: 0 },
        '/sim/scenario_validated/v1': { problems: [] },
      },
    ),
  );
  return { ...renderApp({ route: '/Aligners', token: tokenFor(role) }), stub };
}

const captureBodies = async (stub: ReturnType<typeof stubFetch>) =>
  Promise.all(stub.callsTo('/sim/scenario_capture/v1').map((request) => request.clone().json()));

describe('capture as scenario on the equipment list', () => {
  it('when engineer selects two units and captures them, then the Simulator opens with the captured YAML in the editor', async () => {
    const { user, stub } = openList('engineer');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(within(screen.getByRole('row', { name: /AX1AS0001/ })).getByRole('checkbox'));
    await user.click(within(screen.getByRole('row', { name: /AX1AS0002/ })).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Capture as scenario' }));
    expect(await captureBodies(stub)).toEqual([{ selection: { serials: ['AX1AS0001', 'AX1AS0002'] } }]);
    const editor = await screen.findByRole('region', { name: 'Scenario editor' }, { timeout: 10_000 });
    expect(
      within(editor).getByText('Captured 2 units: name the scenario and save it, or preview and apply it.'),
    ).toBeInTheDocument();
    const yaml = await within(editor).findByRole('textbox', { name: 'Scenario YAML' });
    await waitFor(() => expect(yaml).toHaveTextContent('serials: [ AX1AS0001, AX1AS0002 ]'));
  });

  it('when all units matching the filters are selected, then the capture sends the filters', async () => {
    const { user, stub } = openList('admin');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 12 units matching the filters' }));
    await user.click(within(bar).getByRole('button', { name: 'Capture as scenario' }));
    await waitFor(async () => expect(await captureBodies(stub)).toHaveLength(1));
    const [body] = await captureBodies(stub);
    expect(body.selection).toEqual({ filters: expect.any(Object) });
    expect(body.selection.serials).toBeUndefined();
  });

  it('when support selects units, then there is no Capture as scenario (the role does not control the simulator)', async () => {
    const { user } = openList('support');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(within(screen.getByRole('row', { name: /AX1AS0001/ })).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).queryByRole('button', { name: 'Capture as scenario' })).toBeNull();
  });
});
