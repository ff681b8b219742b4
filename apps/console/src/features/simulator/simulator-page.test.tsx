import { act, screen, waitFor, within } from '@testing-library/react';
import type { Clock, ScenarioPreview, ScenarioRun } from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import { openScreen } from '../../shared/testing/render-screen';
import { json } from '../../test/fetch-stub';
import { SimulatorPage } from './simulator-page';

const LIBRARY = [
  { name: 'gateway-outage', description: 'The gateway is down: every unit drops.', source: 'builtin' },
  { name: 'hung-downloads', description: 'Thirty units are stuck downloading at 45%.', source: 'builtin' },
];

const PREVIEW: ScenarioPreview = {
  name: 'hung-downloads',
  description: 'Thirty units are stuck downloading at 45%.',
  selections: [
    { at: null, selection: { family: 'aligner', count: 25 }, matching: 812, picked: 25 },
    { at: '20m', selection: { family: 'gtps', connected: true }, matching: 40, picked: 40 },
  ],
  servicesDown: [{ service: 'charon', at: null }],
  releases: [{ family: 'aligner', version: '5.9.0', at: '1h' }],
  steps: [{ at: '20m' }, { at: '1h' }],
  clockAdvance: null,
};

const RUN: ScenarioRun = {
  id: 4,
  name: 'regional-outage',
  appliedBy: 'engineer',
  appliedAt: '2025-03-01T09:00:00.000Z',
  steps: [
    { at: '20m', dueAt: '2025-03-01T09:20:00.000Z', state: 'played', cancelledBy: null },
    { at: '2h', dueAt: '2025-03-01T11:00:00.000Z', state: 'pending', cancelledBy: null },
  ],
};

/** The Simulator over a clock at `clock` and the library; `posted` collects each body sent. */
function openSimulator(
  role: Role = 'engineer',
  clock: Clock = { now: '2025-03-01T10:00:00.000Z', speed: 60 },
) {
  const posted: { path: string; body: unknown }[] = [];
  let current = clock;
  let run = RUN;
  const collect =
    (path: string, answer: (body: Record<string, unknown>) => unknown) => async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push({ path, body });
      return answer(body);
    };
  const opened = openScreen('/Simulator', <SimulatorPage />, role, {
    'GET /sim/clock': () => current,
    'POST /sim/clock': collect('/sim/clock', (body) => {
      if (body['step'] === 'soon')
        return json(400, { error: "step: a duration like '90s', '20m' or '1h30m'" });
      current = { ...current, speed: typeof body['speed'] === 'number' ? body['speed'] : current.speed };
      return current;
    }),
    '/sim/scenarios': LIBRARY,
    '/sim/scenario_validated/v1': { problems: [] },
    '/sim/snapshots/v1/': { docs: [], totalDocs: 0 },
    '/sim/scenario_runs/v1/': () => ({ docs: [run], totalDocs: 1 }),
    '/sim/scenario_run_cancelled/v1': collect('/sim/scenario_run_cancelled/v1', () => {
      run = {
        ...run,
        steps: run.steps.map((s) =>
          s.state === 'pending' ? { ...s, state: 'cancelled', cancelledBy: 'engineer' } : s,
        ),
      };
      return run;
    }),
    '/sim/scenario_preview/v1': collect('/sim/scenario_preview/v1', () => PREVIEW),
    '/sim/scenario/apply': collect('/sim/scenario/apply', () => ({
      name: 'hung-downloads',
      unitsChanged: 30,
      stepsScheduled: 2,
      clock: current,
    })),
  });
  return { ...opened, posted, setClock: (next: Clock) => (current = next) };
}

describe('Simulator', () => {
  it('when engineer opens it, then the simulated time, its speed and the scenario library with descriptions show', async () => {
    openSimulator();
    await waitFor(() => expect(screen.getByTestId('simulated-speed')).toHaveTextContent('60× real time'));
    expect(screen.getByTestId('simulated-time')).toHaveTextContent(/^2025-03-01 10:0\d:\d\d UTC$/);
    const library = screen.getByRole('region', { name: 'Scenarios' });
    expect(
      await within(library).findByText('Thirty units are stuck downloading at 45%.'),
    ).toBeInTheDocument();
    expect(within(library).getByText('gateway-outage')).toBeInTheDocument();
  });

  it('when support opens it, then it says so and asks the server nothing', async () => {
    const { stub } = openSimulator('support');
    expect(await screen.findByText('You do not have access to the Simulator.')).toBeInTheDocument();
    expect(stub.callsTo('/sim/clock')).toHaveLength(0);
  });

  it('when Pause, a step button and a custom step are used, then the clock is sent each change', async () => {
    const { user, posted } = openSimulator();
    const sent = async (n: number) => waitFor(() => expect(posted).toHaveLength(n));
    await user.click(await screen.findByRole('button', { name: /Pause/ }));
    await waitFor(() => expect(screen.getByTestId('simulated-speed')).toHaveTextContent('Paused'));
    await user.click(screen.getByRole('button', { name: '+15 min' }));
    await sent(2);
    await user.click(screen.getByRole('button', { name: '+1 day' }));
    await sent(3);
    await user.type(screen.getByRole('textbox', { name: 'Custom step' }), '2h30m');
    await user.click(screen.getByRole('button', { name: 'Step' }));
    await sent(4);
    await user.click(await screen.findByRole('button', { name: /Play/ }));
    await waitFor(() =>
      expect(posted.map((p) => p.body)).toEqual([
        { speed: 0 },
        { step: '15m' },
        { step: '1d' },
        { step: '2h30m' },
        { speed: 60 },
      ]),
    );
  });

  it('when a custom step is refused, then the server says why', async () => {
    const { user } = openSimulator();
    await user.type(await screen.findByRole('textbox', { name: 'Custom step' }), 'soon');
    await user.click(screen.getByRole('button', { name: 'Step' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("a duration like '90s'");
  });

  it('when a scenario is previewed, then its picks, services down, releases and steps show, and Apply applies it', async () => {
    const { user, posted } = openSimulator();
    await user.click(await screen.findByRole('button', { name: 'Preview of hung-downloads' }));
    // The dialog is named by its title's id, which antd's test ids share with the speed's select: found by its title.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Preview of hung-downloads')).toBeInTheDocument();
    expect(await within(dialog).findByText('family: aligner; count: 25')).toBeInTheDocument();
    expect(within(dialog).getByText('812')).toBeInTheDocument();
    expect(within(dialog).getByText('charon (At once)')).toBeInTheDocument();
    expect(within(dialog).getByText('aligner 5.9.0 (After 1h)')).toBeInTheDocument();
    expect(within(dialog).getAllByText('After 20m').length).toBeGreaterThan(0);
    expect(posted).toEqual([{ path: '/sim/scenario_preview/v1', body: { name: 'hung-downloads' } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Applied hung-downloads: 30 units changed, 2 later steps scheduled.'),
    ).toBeInTheDocument();
    expect(posted.at(-1)).toEqual({ path: '/sim/scenario/apply', body: { name: 'hung-downloads' } });
  });

  it('when another console moves the clock (SIMULATOR_CHANGED), then the clock is read again', async () => {
    const { live, stub, setClock } = openSimulator();
    await waitFor(() => expect(screen.getByTestId('simulated-speed')).toHaveTextContent('60× real time'));
    const before = stub.callsTo('/sim/clock').length;
    setClock({ now: '2025-03-02T10:00:00.000Z', speed: 0 });
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('SIMULATOR_CHANGED', { change: 'clock', by: 'admin' });
    });
    await waitFor(() => expect(stub.callsTo('/sim/clock').length).toBeGreaterThan(before));
    expect(await screen.findByText('2025-03-02 10:00:00 UTC')).toBeInTheDocument();
    expect(screen.getByTestId('simulated-speed')).toHaveTextContent('Paused');
  });

  it('when the timeline shows a run with a pending step and Cancel is clicked, then its pending steps are cancelled', async () => {
    const { user, posted } = openSimulator();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('regional-outage')).toBeInTheDocument();
    const passes = screen.getByRole('list', { name: 'Pending scenario steps a step passes' });
    expect(
      within(passes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['regional-outage, step after 2h: 2025-03-01 11:00:00 UTC']);
    expect(within(timeline).getByText('2025-03-01 09:00:00 UTC')).toBeInTheDocument();
    expect(within(timeline).getByText('played')).toBeInTheDocument();
    expect(within(timeline).getByText('pending')).toBeInTheDocument();
    await user.click(
      within(timeline).getByRole('button', { name: 'Cancel the pending steps of regional-outage' }),
    );
    expect(
      await screen.findByText('The pending steps of regional-outage are cancelled.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ path: '/sim/scenario_run_cancelled/v1', body: { id: 4 } }]);
    expect(await within(timeline).findByText('cancelled')).toBeInTheDocument();
    expect(screen.getByText('No scenario step is pending.')).toBeInTheDocument();
    expect(
      within(timeline).queryByRole('button', { name: /Cancel the pending steps/ }),
    ).not.toBeInTheDocument();
  });
});
