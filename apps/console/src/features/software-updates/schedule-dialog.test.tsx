import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json, type StubHandler } from '../../test/fetch-stub';
import { dayLoads } from './schedule-dialog';
import { LOADED_DAYS, openSoftwareUpdates, softwareWorld } from './test-support';

const TITLE = 'Schedule Aligner Updates';
const ALIGNERS = ['AX1AS0001', 'AX1AS0002', 'AX1AS0003'];

/** GET /read/aligner_serial_numbers/v1 over three aligners: '*' matches any run, else the start (as fleet-sim). */
function serialsRoute(request: Request): string[] {
  const pattern = (new URL(request.url).searchParams.get('filterSerialNumber') ?? '').toUpperCase();
  const re = new RegExp(`^${pattern.replace(/\*/g, '.*')}${pattern.includes('*') ? '$' : ''}`);
  return ALIGNERS.filter((serial) => re.test(serial));
}

/** The picker's cell of a day (antd titles each cell with its date). */
const cellOf = (day: string) => {
  const cell = document.querySelector<HTMLElement>(`td[title="${day}"]`);
  if (!cell) throw new Error(`No picker cell for ${day}.`);
  return cell;
};

async function openSchedule(routes: Record<string, StubHandler> = {}, world = softwareWorld()) {
  const app = openSoftwareUpdates({
    routes: { '/read/aligner_serial_numbers/v1': serialsRoute, ...routes },
    world,
  });
  await app.user.click(await screen.findByRole('button', { name: TITLE }));
  const dialog = await findDialog(TITLE);
  return { ...app, dialog };
}

async function searchFor(
  dialog: HTMLElement,
  user: ReturnType<typeof openSoftwareUpdates>['user'],
  pattern: string,
) {
  const field = within(dialog).getByLabelText('Serial number filter');
  await user.clear(field);
  await user.type(field, pattern);
  await user.click(within(dialog).getByRole('button', { name: 'Search' }));
}

describe('Schedule Aligner Updates', () => {
  it('when schedule_by_day answers, then each day is keyed YYYY-MM-DD with its count', () => {
    expect(dayLoads([{ _id: { year: 2026, month: 3, day: 7 }, count: 12 }])).toEqual(
      new Map([['2026-03-07', 12]]),
    );
    expect(dayLoads(undefined).size).toBe(0);
  });

  it('when the dialog opens, then it names the latest aligner version and today with the count already scheduled', async () => {
    const { dialog } = await openSchedule();
    expect(dialog).toHaveTextContent('Version to stage: 5.4.2 - build 2400');
    const today = LOADED_DAYS.today.format('YYYY-MM-DD');
    expect(within(dialog).getByLabelText('Stage on')).toHaveValue(today);
    expect(await within(dialog).findByText(`12 updates already scheduled for ${today}.`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('when the date picker opens, then the loaded days carry green, yellow and red markers by their counts', async () => {
    const { user, dialog } = await openSchedule();
    await within(dialog).findByText(/12 updates already scheduled/);
    await user.click(within(dialog).getByLabelText('Stage on'));
    const marker = (day: dayjs.Dayjs) => cellOf(day.format('YYYY-MM-DD')).querySelector('[data-colour]');
    await waitFor(() => expect(marker(LOADED_DAYS.today)).toHaveAttribute('data-colour', 'yellow'));
    expect(marker(LOADED_DAYS.today)).toHaveAccessibleName('12 updates scheduled');
    expect(marker(LOADED_DAYS.near)).toHaveAttribute('data-colour', 'green');
    expect(marker(LOADED_DAYS.far)).toHaveAttribute('data-colour', 'red');
    expect(marker(LOADED_DAYS.tomorrow)).toBeNull();
  });

  it('when a pattern matches aligners, then the count and the CONFIRM sentence show, and Confirm schedules them for the picked day', async () => {
    let scheduled: unknown = null;
    const { user, dialog, stub } = await openSchedule({
      'POST /create/schedule_serial_numbers/v1': async (request) => {
        scheduled = await request.json();
        const body = scheduled as { date: string; serialNumbers: string[] };
        return {
          date: body.date,
          count: body.serialNumbers.length,
          version: { semantic: '5.4.2', meta: 'build 2400' },
        };
      },
    });
    const tomorrow = LOADED_DAYS.tomorrow.format('YYYY-MM-DD');
    await user.click(within(dialog).getByLabelText('Stage on'));
    await user.click(cellOf(tomorrow));
    await waitFor(() => expect(within(dialog).getByLabelText('Stage on')).toHaveValue(tomorrow));
    expect(within(dialog).getByText(`0 updates already scheduled for ${tomorrow}.`)).toBeInTheDocument();

    await searchFor(dialog, user, 'ax1*');
    const found = await within(dialog).findByRole('status', { name: 'aligners found' });
    expect(found).toHaveTextContent('3');
    expect(
      within(dialog).getByText(`Click CONFIRM to schedule 3 updates to be staged on ${tomorrow}.`),
    ).toBeInTheDocument();
    expect(
      new URL(stub.callsTo('/read/aligner_serial_numbers/v1')[0]?.url ?? '').searchParams.get(
        'filterSerialNumber',
      ),
    ).toBe('ax1*');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialogOpen(TITLE)).toBe(false));
    expect(scheduled).toEqual({
      serialNumbers: ALIGNERS,
      version: { semantic: '5.4.2', meta: 'build 2400' },
      path: '/updates/aligner/5.4.2',
      date: tomorrow,
    });
    expect(await screen.findByText(`3 updates scheduled for ${tomorrow}.`)).toBeInTheDocument();
    // The day loads are read again after scheduling.
    await waitFor(() => expect(stub.callsTo('/read/schedule_by_day/v1/').length).toBeGreaterThan(1));
  });

  it('when nothing matches, then the try-again text shows and Confirm is not offered', async () => {
    const { user, dialog } = await openSchedule();
    await searchFor(dialog, user, 'ZZ9');
    expect(
      await within(dialog).findByText(
        'No aligners match your serial number pattern. Please try a different search.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'aligners found' })).toHaveTextContent('0');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('when a second search is made, then its results replace the first; editing the pattern clears them', async () => {
    const { user, dialog } = await openSchedule();
    await searchFor(dialog, user, 'AX1AS000*');
    expect(await within(dialog).findByText(/schedule 3 updates/)).toBeInTheDocument();
    await searchFor(dialog, user, '*2');
    expect(await within(dialog).findByText(/schedule 1 updates/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Serial number filter'), '3');
    expect(within(dialog).queryByRole('status', { name: 'aligners found' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('when the search fails, then the results are cleared and the server sentence shows', async () => {
    let fail = false;
    const { user, dialog } = await openSchedule({
      '/read/aligner_serial_numbers/v1': (request) =>
        fail
          ? json(403, { error: 'Your role does not allow this action.', code: 'forbidden' })
          : serialsRoute(request),
    });
    await searchFor(dialog, user, 'AX1*');
    await within(dialog).findByText(/schedule 3 updates/);
    fail = true;
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Your role does not allow this action.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'aligners found' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('when the schedule is refused, then the server sentence shows and the dialog stays open', async () => {
    const { user, dialog } = await openSchedule({
      'POST /create/schedule_serial_numbers/v1': json(400, {
        error: 'The day 2020-01-01 has passed (today is 2020-01-02).',
        code: 'validation_failed',
      }),
    });
    await searchFor(dialog, user, 'AX1*');
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('The day 2020-01-01 has passed (today is 2020-01-02).'),
    ).toBeInTheDocument();
    expect(dialogOpen(TITLE)).toBe(true);
  });

  it('when no aligner update is published, then the dialog says there is nothing to schedule and offers no Confirm', async () => {
    const world = softwareWorld();
    world.latest.aligner = null;
    const { user, dialog } = await openSchedule({}, world);
    expect(dialog).toHaveTextContent(
      'No aligner update has been published yet: there is nothing to schedule.',
    );
    await searchFor(dialog, user, 'AX1*');
    await within(dialog).findByText(/schedule 3 updates/);
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});
