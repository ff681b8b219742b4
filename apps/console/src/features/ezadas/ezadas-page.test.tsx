import { act, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { Snackbars } from '../../shared/ui/snackbars';
import { json } from '../../test/fetch-stub';
import { ezSnackbarShown } from './ez-snackbar';
import { fixture, openEzAdas, target } from './test-support';
import { bodyRows, expectColumns, callsFilteredBy, queryOf, rowStarting as row } from '../../test/lists';

const snackbar = () => screen.getByTestId('ezadas-snackbar');

async function openTargets(u: ReturnType<typeof openEzAdas>['user']) {
  await u.click(await screen.findByRole('tab', { name: 'Targets' }));
  await screen.findByRole('cell', { name: 'Front Radar Plate' });
}

describe('EZ ADAS: fixtures', () => {
  it("when an ezadas user opens /Easy, then 'EZ ADAS' shows the Fixtures table with its columns, M/D/YYYY or N/A expiries and the three row actions", async () => {
    const { stub } = openEzAdas();
    expect(await screen.findByRole('cell', { name: 'EZ0001' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'EZ ADAS' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fixtures' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Targets' })).toBeInTheDocument();
    expectColumns([
      'Serial Number',
      'Activation Count',
      'Subscription Type',
      'Subscription Expiration',
      'Actions',
    ]);
    expect(bodyRows()).toHaveLength(10);
    expect(within(row('EZ0001')).getByRole('cell', { name: '7/4/2027' })).toBeInTheDocument();
    expect(within(row('EZ0001')).getByRole('cell', { name: 'Limited' })).toBeInTheDocument();
    expect(within(row('EZ0001')).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(row('EZ0003')).getByRole('cell', { name: 'N/A' })).toBeInTheDocument();
    for (const name of ['Edit Subscription', 'Reset Activation Count', 'Delete Serial Number']) {
      expect(within(row('EZ0003')).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'filter fixture serial number' })).toHaveAttribute(
      'placeholder',
      'filter fixture serial number',
    );
    expect(queryOf(stub.callsTo('/api/v1/ez_get_fixtures/')[0] as Request)).toEqual({ page: '1' });
    expect(document.querySelector('.ant-pagination-options .ant-select')).toHaveClass('ant-select-disabled');
  });

  it('when a serial number is typed in the filter, then page 1 is asked with it', async () => {
    const { stub, user: u } = openEzAdas('support_lvl2');
    await screen.findByRole('cell', { name: 'EZ0001' });
    await u.click(screen.getByTitle('2'));
    await screen.findByRole('cell', { name: 'EZ0011' });
    await u.type(screen.getByRole('textbox', { name: 'filter fixture serial number' }), 'EZ001');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const filtered = callsFilteredBy(stub, '/api/v1/ez_get_fixtures/', 'filterSerialNumber');
    expect(filtered).toEqual([{ page: '1', filterSerialNumber: 'EZ001' }]);
  });

  it("when a new fixture is created and the server answers 201, then Create waited for a serial and the snackbar says 'EZ ADAS fixture … was created' with CLOSE", async () => {
    let body: unknown = null;
    const { world, user: u } = openEzAdas('ezadas', {
      'POST /api/v1/create_ez_fixture': async (request) => {
        body = await request.json();
        const created = fixture('EZ9999');
        world.fixtures = [...world.fixtures, created];
        return json(201, created);
      },
    });
    await screen.findByRole('cell', { name: 'EZ0001' });
    await u.click(screen.getByRole('button', { name: 'Create New Fixture' }));
    const dialog = await findDialog('Create New Fixture');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await u.type(within(dialog).getByLabelText('Serial Number'), '  ');
    expect(create).toBeDisabled();
    await u.type(within(dialog).getByLabelText('Serial Number'), 'ez9999');
    expect(create).toBeEnabled();
    await u.click(create);
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS fixture EZ9999 was created'));
    expect(body).toEqual({ serialNumber: 'ez9999' });
    expect(within(snackbar()).getByRole('button', { name: 'CLOSE' })).toBeInTheDocument();
    await waitFor(() => expect(dialogOpen('Create New Fixture')).toBe(false));
    expect(await screen.findByText('13 in all')).toBeInTheDocument();
    await u.click(within(snackbar()).getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByTestId('ezadas-snackbar')).not.toBeInTheDocument();
  });

  it("when the fixture exists (200), then the snackbar says 'EZ ADAS fixture … already exists'; on another status, 'EZ ADAS fixture creation failed' and the dialog keeps the server's reason", async () => {
    let answer: Response = json(200, fixture('EZ0002'));
    const { user: u } = openEzAdas('ezadas', { 'POST /api/v1/create_ez_fixture': () => answer });
    await screen.findByRole('cell', { name: 'EZ0001' });
    await u.click(screen.getByRole('button', { name: 'Create New Fixture' }));
    let dialog = await findDialog('Create New Fixture');
    await u.type(within(dialog).getByLabelText('Serial Number'), 'EZ0002');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS fixture EZ0002 already exists'));
    await waitFor(() => expect(dialogOpen('Create New Fixture')).toBe(false));

    answer = json(403, { error: 'Your role may not manage EZ ADAS fixtures.', code: 'forbidden' });
    await u.click(screen.getByRole('button', { name: 'Create New Fixture' }));
    dialog = await findDialog('Create New Fixture');
    await u.type(within(dialog).getByLabelText('Serial Number'), 'EZ7777');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent(/^EZ ADAS fixture creation failedCLOSE$/));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your role may not manage EZ ADAS fixtures.',
    );
    expect(dialogOpen('Create New Fixture')).toBe(true);
  });

  it.each([
    [200, 'EZ ADAS fixture EZ0001 reset'],
    [204, 'EZ ADAS fixture EZ0001 has no activations'],
    [404, 'EZ ADAS fixture reset failed'],
  ])(
    'when Reset Activation Count is confirmed and the server answers %i, then the snackbar says the §8 text',
    async (status, text) => {
      let body: unknown = null;
      const { stub, user: u } = openEzAdas('ezadas', {
        'POST /api/v1/reset_ez_fixture': async (request) => {
          body = await request.json();
          if (status === 200) return json(200, fixture('EZ0001', { activationCount: 0 }));
          if (status === 204) return new Response(null, { status: 204 });
          return json(404, { error: 'EZ ADAS fixture EZ0001 does not exist.', code: 'not_found' });
        },
      });
      await screen.findByRole('cell', { name: 'EZ0001' });
      await u.click(within(row('EZ0001')).getByRole('button', { name: 'Reset Activation Count' }));
      const dialog = await findDialog('Reset Fixture Activations');
      expect(dialog).toHaveTextContent('Reset the activation count of fixture EZ0001 to 0?');
      const listCalls = stub.callsTo('/api/v1/ez_get_fixtures/').length;
      await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(snackbar()).toHaveTextContent(text));
      expect(body).toEqual({ serialNumber: 'EZ0001' });
      if (status === 404) {
        expect(await within(dialog).findByRole('alert')).toHaveTextContent(
          'EZ ADAS fixture EZ0001 does not exist.',
        );
      } else {
        await waitFor(() => expect(dialogOpen('Reset Fixture Activations')).toBe(false));
      }
      if (status === 200) {
        // The list reloads (back-office §7.5: "200 reset (list reloads)").
        await waitFor(() =>
          expect(stub.callsTo('/api/v1/ez_get_fixtures/').length).toBeGreaterThan(listCalls),
        );
      }
    },
  );

  it('when Edit Subscription opens on a fixture with no expiry, then the picker starts one year from today, is hidden for Included, and the date goes as parts', async () => {
    const bodies: unknown[] = [];
    const { user: u } = openEzAdas('ezadas', {
      'POST /api/v1/ez_create_subscription': async (request) => {
        bodies.push(await request.json());
        return fixture('EZ0003');
      },
    });
    await screen.findByRole('cell', { name: 'EZ0003' });
    await u.click(within(row('EZ0003')).getByRole('button', { name: 'Edit Subscription' }));
    let dialog = await findDialog('Modify Subscription');
    expect(dialog).toHaveTextContent('Fixture EZ0003');
    // Included: no picker.
    expect(within(dialog).queryByLabelText('Expiry Date')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('The Included package does not expire.');
    await u.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await u.click(await screen.findByTitle('Limited'));
    const inAYear = dayjs().startOf('day').add(1, 'year');
    expect(within(dialog).getByLabelText('Expiry Date')).toHaveValue(inAYear.format('M/D/YYYY'));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS EZ0003 subscription updated'));
    expect(bodies[0]).toEqual({
      serialNumber: 'EZ0003',
      package: 1,
      month: inAYear.month() + 1,
      day: inAYear.date(),
      year: inAYear.year(),
    });
    await waitFor(() => expect(dialogOpen('Modify Subscription')).toBe(false));

    // A fixture with an expiry starts at it; Included sends the placeholder parts (libs/domain).
    await u.click(within(row('EZ0001')).getByRole('button', { name: 'Edit Subscription' }));
    dialog = await findDialog('Modify Subscription');
    expect(within(dialog).getByLabelText('Expiry Date')).toHaveValue('7/4/2027');
    await u.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await u.click(await screen.findByTitle('Included'));
    expect(within(dialog).queryByLabelText('Expiry Date')).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ serialNumber: 'EZ0001', package: 0, month: 12, day: 21, year: 2078 });
  });

  it("when the subscription's fixture is gone (404), then 'EZ ADAS fixture … does not exist'; on another failure, 'EZ ADAS update subscription failed' with the reason in the dialog", async () => {
    let answer = json(404, { error: 'EZ ADAS fixture EZ0002 does not exist.', code: 'not_found' });
    const { user: u } = openEzAdas('engineer', { 'POST /api/v1/ez_create_subscription': () => answer });
    await screen.findByRole('cell', { name: 'EZ0002' });
    await u.click(within(row('EZ0002')).getByRole('button', { name: 'Edit Subscription' }));
    let dialog = await findDialog('Modify Subscription');
    expect(within(dialog).getByLabelText('Expiry Date')).toHaveValue('12/31/2030');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS fixture EZ0002 does not exist'));
    await waitFor(() => expect(dialogOpen('Modify Subscription')).toBe(false));

    answer = json(400, { error: 'The expiry date does not exist.', code: 'invalid_date' });
    await u.click(within(row('EZ0002')).getByRole('button', { name: 'Edit Subscription' }));
    dialog = await findDialog('Modify Subscription');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS update subscription failed'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The expiry date does not exist.');
  });

  it("when Delete Serial Number is chosen, then it asks 'Are you sure you want to delete EZ0004?' and Yes deletes it from the list", async () => {
    let body: unknown = null;
    const { world, user: u } = openEzAdas('ezadas', {
      'POST /api/v1/delete_ez_fixture': async (request) => {
        body = await request.json();
        world.fixtures = world.fixtures.filter((f) => f.serialNumber !== 'EZ0004');
        return { serialNumber: 'EZ0004', deleted: true };
      },
    });
    await screen.findByRole('cell', { name: 'EZ0004' });
    await u.click(within(row('EZ0004')).getByRole('button', { name: 'Delete Serial Number' }));
    const dialog = await findDialog('Delete Serial Number');
    expect(dialog).toHaveTextContent('Are you sure you want to delete EZ0004?');
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS fixture EZ0004 deleted'));
    expect(body).toEqual({ serialNumber: 'EZ0004' });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'EZ0004' })).not.toBeInTheDocument());
    expect(screen.getByText('11 in all')).toBeInTheDocument();
  });

  it('when a role without EZ ADAS opens /Easy, then it is told it has no access and nothing is asked of the server', async () => {
    const { stub } = openEzAdas('support');
    expect(await screen.findByText('You do not have access to EZ ADAS.')).toBeInTheDocument();
    expect(stub.callsTo('/api/v1/ez_get_fixtures/')).toHaveLength(0);
  });
});

describe('EZ ADAS: snackbar', () => {
  it('when a message shows, then it goes away after 10 seconds', () => {
    jest.useFakeTimers();
    try {
      const store = makeStore();
      render(
        <Provider store={store}>
          <Snackbars />
        </Provider>,
      );
      act(() => {
        store.dispatch(ezSnackbarShown('EZ ADAS fixture EZ1 reset'));
      });
      expect(screen.getByRole('status')).toHaveTextContent('EZ ADAS fixture EZ1 reset');
      expect(snackbar()).toHaveTextContent('EZ ADAS fixture EZ1 reset');
      act(() => jest.advanceTimersByTime(9_999));
      expect(snackbar()).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByTestId('ezadas-snackbar')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('EZ ADAS: targets', () => {
  it('when an engineer opens Targets, then the table shows Target Name, Target ID, Package Index, Package Name and Actions, with Create New Target', async () => {
    const { user: u } = openEzAdas('engineer');
    await openTargets(u);
    expectColumns(['Target Name', 'Target ID', 'Package Index', 'Package Name', 'Actions']);
    const lane = row('Lane Camera Board');
    expect(within(lane).getByRole('cell', { name: '0' })).toBeInTheDocument();
    expect(within(lane).getByRole('cell', { name: 'Included' })).toBeInTheDocument();
    expect(within(lane).getByRole('button', { name: 'Edit Target' })).toBeInTheDocument();
    expect(within(lane).getByRole('button', { name: 'Delete Target' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Target' })).toBeInTheDocument();
  });

  it.each(['ezadas', 'support_lvl2'] as const)(
    'when %s opens Targets, then there is no Create New Target, Edit Target or Delete Target',
    async (role) => {
      const { user: u } = openEzAdas(role);
      await openTargets(u);
      expect(screen.queryByRole('button', { name: 'Create New Target' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit Target' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete Target' })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    },
  );

  it("when Create New Target is filled in, then Create enables only with a package, a name and an integer ID of 0 or more, and 201 says 'EZ ADAS target … created'", async () => {
    let body: unknown = null;
    const { world, user: u } = openEzAdas('admin', {
      'POST /api/v1/create_ez_target': async (request) => {
        body = await request.json();
        const created = target('Rear Radar', { targetId: 0, packageIndex: 4, packageName: 'Premium + VAG' });
        world.targets = [...world.targets, created];
        return json(201, created);
      },
    });
    await openTargets(u);
    await u.click(screen.getByRole('button', { name: 'Create New Target' }));
    const dialog = await findDialog('Create New Target');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await u.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await u.click(await screen.findByTitle('Premium + VAG'));
    await u.type(within(dialog).getByLabelText('Target Name'), 'Rear Radar');
    expect(create).toBeDisabled();
    const id = within(dialog).getByLabelText('Target ID');
    for (const bad of ['1.5', '-1', 'x']) {
      await u.clear(id);
      await u.type(id, bad);
      expect(create).toBeDisabled();
    }
    await u.clear(id);
    await u.type(id, '0');
    expect(create).toBeEnabled();
    await u.click(create);
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS target Rear Radar created'));
    expect(body).toEqual({
      packageIndex: 4,
      packageName: 'Premium + VAG',
      targetId: 0,
      targetName: 'Rear Radar',
    });
    expect(await screen.findByRole('cell', { name: 'Rear Radar' })).toBeInTheDocument();
  });

  it("when the target name exists (409), then 'EZ ADAS target creation failed' and the dialog keeps the server's reason", async () => {
    const { user: u } = openEzAdas('engineer', {
      'POST /api/v1/create_ez_target': json(409, {
        error: 'An EZ ADAS target named Front Radar Plate already exists.',
        code: 'target_exists',
      }),
    });
    await openTargets(u);
    await u.click(screen.getByRole('button', { name: 'Create New Target' }));
    const dialog = await findDialog('Create New Target');
    await u.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await u.click(await screen.findByTitle('Limited'));
    await u.type(within(dialog).getByLabelText('Target Name'), 'Front Radar Plate');
    await u.type(within(dialog).getByLabelText('Target ID'), '12');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS target creation failed'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already exists');
    expect(dialogOpen('Create New Target')).toBe(true);
  });

  it.each([
    [200, 'EZ ADAS Front Radar Plate target updated'],
    [404, 'EZ ADAS target Front Radar Plate does not exist'],
    [500, 'EZ ADAS update target failed'],
  ])(
    'when Modify Target saves a new package and the server answers %i, then the snackbar says the §8 text',
    async (status, text) => {
      let body: unknown = null;
      const { user: u } = openEzAdas('engineer', {
        'POST /api/v1/update_ez_target': async (request) => {
          body = await request.json();
          if (status === 200)
            return target('Front Radar Plate', { packageIndex: 4, packageName: 'Premium + VAG' });
          return json(status, { error: status === 404 ? 'No such target.' : 'Something broke.', code: 'x' });
        },
      });
      await openTargets(u);
      await u.click(within(row('Front Radar Plate')).getByRole('button', { name: 'Edit Target' }));
      const dialog = await findDialog('Modify Target');
      // The package select only.
      expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
      await u.click(within(dialog).getByRole('combobox', { name: 'Package' }));
      await u.click(await screen.findByTitle('Premium + VAG'));
      await u.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(snackbar()).toHaveTextContent(text));
      expect(body).toEqual({
        targetName: 'Front Radar Plate',
        targetId: 7,
        packageName: 'Premium + VAG',
        packageIndex: 4,
      });
      if (status === 500)
        expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something broke.');
      else await waitFor(() => expect(dialogOpen('Modify Target')).toBe(false));
    },
  );

  it('when Delete Target is confirmed, then the target is deleted by name', async () => {
    let body: unknown = null;
    const { world, user: u } = openEzAdas('engineer', {
      'POST /api/v1/delete_ez_target': async (request) => {
        body = await request.json();
        world.targets = world.targets.filter((t) => t.targetName !== 'Lane Camera Board');
        return { targetName: 'Lane Camera Board', deleted: true };
      },
    });
    await openTargets(u);
    await u.click(within(row('Lane Camera Board')).getByRole('button', { name: 'Delete Target' }));
    const dialog = await findDialog('Delete Target');
    expect(dialog).toHaveTextContent('Are you sure you want to delete the target Lane Camera Board?');
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('EZ ADAS target Lane Camera Board deleted'));
    expect(body).toEqual({ targetName: 'Lane Camera Board' });
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Lane Camera Board' })).not.toBeInTheDocument(),
    );
  });
});
