import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { Notification } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json, type StubHandler } from '../../test/fetch-stub';
import { openApp } from '../../test/render-app';
import { bodyRows, pagedRoute, queryOf } from '../../test/lists';

const notification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  name: `Ad ${id}`,
  resourcePath: `/ads/ad-${id}.png`,
  mimeType: 'image/png',
  beginsOn: '2026-12-01T00:00:00.000Z',
  endsOn: '2026-12-31T23:59:59.999Z',
  targetType: 'geographic',
  target: { family: 'aligner', country: 'DE', region: 'Hesse', city: null },
  ...overrides,
});

const COUNTRIES = [
  { countryName: 'Germany', countryCode: 'DE' },
  { countryName: 'Italy', countryCode: 'IT' },
];

function openNotifications(role: Role = 'engineer', overrides: Record<string, StubHandler> = {}) {
  const world = { notifications: Array.from({ length: 11 }, (_, i) => notification(11 - i)) };
  const app = openApp('/Notifications', role, {
    '/read/notifications/v1/': pagedRoute(() => world.notifications),
    '/read/aligner_countries/v1': COUNTRIES,
    '/read/aligner_regions/v1': (request) =>
      new URL(request.url).searchParams.get('countryName') === 'Germany'
        ? [{ region: 'Hesse' }, { region: 'Saxony' }]
        : [],
    '/read/aligner_cities/v1': (request) =>
      new URL(request.url).searchParams.get('region') === 'Hesse'
        ? [{ city: 'Frankfurt am Main' }, { city: 'Kassel' }]
        : [],
    ...overrides,
  });
  return { ...app, world };
}

async function choose(
  user: ReturnType<typeof openNotifications>['user'],
  scope: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1) as HTMLElement);
}

describe('Notifications', () => {
  it('when it opens, then the read-only table shows Name, Path, MIME Type, Begins, Ends and Target Type, 10 per page', async () => {
    const { stub } = openNotifications();
    expect(await screen.findByRole('cell', { name: 'Ad 11' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Path', 'MIME Type', 'Begins', 'Ends', 'Target Type']);
    expect(bodyRows()).toHaveLength(10);
    const row = screen.getByRole('row', { name: /^Ad 11 / });
    expect(within(row).getByRole('cell', { name: '/ads/ad-11.png' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'image/png' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'geographic' })).toBeInTheDocument();
    expect(within(row).getAllByRole('cell', { name: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ })).toHaveLength(2);
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(queryOf(stub.callsTo('/read/notifications/v1/')[0])).toEqual({ page: '1' });
  });

  it('when support opens the screen, then the table shows but not Create Notification', async () => {
    openNotifications('support');
    await screen.findByRole('cell', { name: 'Ad 11' });
    expect(screen.queryByRole('button', { name: 'Create Notification' })).not.toBeInTheDocument();
  });

  it('when the wizard is walked through, then Create enables once name, MIME type, path, family and country are set and sends the notification', async () => {
    let body: Record<string, unknown> | null = null;
    const { user, stub, world } = openNotifications('engineer', {
      'POST /create/notification/v1/': async (request) => {
        body = (await request.json()) as Record<string, unknown>;
        const created = notification(12, { name: 'Winter promo' });
        world.notifications = [created, ...world.notifications];
        return created;
      },
    });
    await screen.findByRole('cell', { name: 'Ad 11' });
    await user.click(screen.getByRole('button', { name: 'Create Notification' }));
    const dialog = await findDialog('Create Notification');
    for (const step of ['Select Time Period', 'Configure Notification', 'Target Notification']) {
      expect(within(dialog).getByText(step)).toBeInTheDocument();
    }
    const today = dayjs().format('YYYY-MM-DD');
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue(today);
    expect(within(dialog).getByLabelText('End Date')).toHaveValue(today);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.type(within(dialog).getByLabelText('Name'), 'Winter promo');
    await choose(user, dialog, 'Content MIME Type', 'text/html');
    await user.type(within(dialog).getByLabelText('Content Path'), '/ads/winter.html');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByLabelText('Target Type')).toHaveValue('geographic');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await choose(user, dialog, 'Family', 'gtps');
    expect(create).toBeDisabled();
    await choose(user, dialog, 'Country', 'Germany (DE)');
    expect(create).toBeEnabled();
    await choose(user, dialog, 'Region', 'Hesse');
    expect(queryOf(stub.callsTo('/read/aligner_regions/v1')[0])).toEqual({ countryName: 'Germany' });
    await choose(user, dialog, 'City', 'Kassel');
    expect(queryOf(stub.callsTo('/read/aligner_cities/v1')[0])).toEqual({
      countryName: 'Germany',
      region: 'Hesse',
    });
    await user.click(create);

    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      name: 'Winter promo',
      resourcePath: '/ads/winter.html',
      mimeType: 'text/html',
      beginsOn: dayjs(today).startOf('day').toISOString(),
      endsOn: dayjs(today).endOf('day').toISOString(),
      targetType: 'geographic',
      target: { family: 'gtps', country: 'DE', region: 'Hesse', city: 'Kassel' },
    });
    await waitFor(() => expect(dialogOpen('Create Notification')).toBe(false));
    expect(await screen.findByText('Notification Winter promo was created.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Winter promo' })).toBeInTheDocument();
  });

  it('when region and city are left blank, then they are sent as null', async () => {
    let body: { target?: unknown } | null = null;
    const { user } = openNotifications('admin', {
      'POST /create/notification/v1/': async (request) => {
        body = (await request.json()) as { target?: unknown };
        return notification(12);
      },
    });
    await screen.findByRole('cell', { name: 'Ad 11' });
    await user.click(screen.getByRole('button', { name: 'Create Notification' }));
    const dialog = await findDialog('Create Notification');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Everyone in Italy');
    await choose(user, dialog, 'Content MIME Type', 'image/jpeg');
    await user.type(within(dialog).getByLabelText('Content Path'), '/ads/it.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await choose(user, dialog, 'Family', 'all');
    await choose(user, dialog, 'Country', 'Italy (IT)');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(body?.target).toEqual({ family: 'all', country: 'IT', region: null, city: null }),
    );
  });

  it('when the wizard is closed and opened again, then it starts over empty on the first step', async () => {
    const { user } = openNotifications();
    await screen.findByRole('cell', { name: 'Ad 11' });
    await user.click(screen.getByRole('button', { name: 'Create Notification' }));
    let dialog = await findDialog('Create Notification');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Half done');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogOpen('Create Notification')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Create Notification' }));
    dialog = await findDialog('Create Notification');
    expect(within(dialog).getByLabelText('Start Date')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
  });

  it('when the server refuses the notification, then its sentence and field problems show in the wizard', async () => {
    const { user } = openNotifications('engineer', {
      'POST /create/notification/v1/': json(400, {
        error: 'The notification target is not a place units are in.',
        code: 'unknown_place',
        details: [{ path: 'target.country', message: 'no units are in DE' }],
      }),
    });
    await screen.findByRole('cell', { name: 'Ad 11' });
    await user.click(screen.getByRole('button', { name: 'Create Notification' }));
    const dialog = await findDialog('Create Notification');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Nowhere');
    await choose(user, dialog, 'Content MIME Type', 'image/png');
    await user.type(within(dialog).getByLabelText('Content Path'), '/ads/x.png');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await choose(user, dialog, 'Family', 'aligner');
    await choose(user, dialog, 'Country', 'Germany (DE)');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The notification target is not a place units are in.');
    expect(alert).toHaveTextContent('target.country: no units are in DE');
    expect(dialogOpen('Create Notification')).toBe(true);
  });
});
