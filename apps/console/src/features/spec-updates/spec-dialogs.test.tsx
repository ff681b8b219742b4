import { screen, waitFor, within } from '@testing-library/react';
import type { SpecUpdate } from '@equipment-dashboard/contract';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json, type StubHandler } from '../../test/fetch-stub';
import { openSpecUpdates, spec, SPEC_MANIFEST } from './test-support';

const CREATE = 'Create Specification Update';

async function openCreate(options: Parameters<typeof openSpecUpdates>[0] = {}) {
  const app = openSpecUpdates({ entry: '/SpecUpdates?tab=releases', ...options });
  await app.user.click(await screen.findByRole('button', { name: 'Create Spec Update' }));
  const dialog = await findDialog(CREATE);
  return { ...app, dialog };
}

async function validatePath(
  dialog: HTMLElement,
  user: Awaited<ReturnType<typeof openCreate>>['user'],
  path: string,
) {
  await user.type(within(dialog).getByLabelText('update path'), path);
  await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
}

describe('Create Specification Update', () => {
  it('when it opens, then it is 600 wide with only the update path and its unchecked check icon', async () => {
    const { dialog } = await openCreate();
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '600px' });
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute(
      'data-state',
      'unchecked',
    );
    expect(within(dialog).queryByLabelText('filter')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('when the path is validated, then Active (on), Target family (all), filter (*) and the version-name note show, and Confirm publishes and closes', async () => {
    let sent: unknown = null;
    const { user, dialog, world, stub } = await openCreate({
      routes: {
        'POST /create/spec_update/v1': async (request) => {
          sent = await request.json();
          const created = spec('US-2027-01', {
            path: '/updates/specs/US-2027-01',
            version: SPEC_MANIFEST.version,
          });
          world.releases = [created, ...world.releases];
          return created;
        },
      },
    });
    await validatePath(dialog, user, '/updates/specs/US-2027-01');
    expect(
      await within(dialog).findByText('A manifest.json file was found at this path.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("The update takes the manifest's version name: US-2027-01."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute('data-state', 'checked');
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(
      within(dialog).getByRole('combobox', { name: 'Target family' }).closest('.ant-select'),
    ).toHaveTextContent('all');
    expect(within(dialog).getByLabelText('filter')).toHaveValue('*');
    const reads = stub.callsTo('/read/spec_updates/v1/').length;

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialogOpen(CREATE)).toBe(false));
    expect(sent).toEqual({
      path: '/updates/specs/US-2027-01',
      version: SPEC_MANIFEST.version,
      prerequisites: SPEC_MANIFEST.prerequisites,
      active: true,
      targetFamily: 'all',
      filter: ['*'],
    });
    expect(await screen.findByText('Spec update US-2027-01 is published.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^US-2027-01 / })).toBeInTheDocument();
    expect(stub.callsTo('/read/spec_updates/v1/').length).toBeGreaterThan(reads);
  });

  it('when the filter is emptied, then it says Required and Confirm hides; a filter list, a family and Active off are sent as chosen', async () => {
    let sent: { filter?: string[]; targetFamily?: string; active?: boolean } = {};
    const { user, dialog } = await openCreate({
      routes: {
        'POST /create/spec_update/v1': async (request) => {
          sent = (await request.json()) as typeof sent;
          return spec('US-2027-01');
        },
      },
    });
    await validatePath(dialog, user, '/updates/specs/US-2027-01');
    const filter = await within(dialog).findByLabelText('filter');
    await user.clear(filter);
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.type(filter, ' , ');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'AX1*, CB2*');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Target family' }));
    await user.click(await screen.findByTitle('gtps'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialogOpen(CREATE)).toBe(false));
    expect(sent).toMatchObject({ filter: ['AX1*', 'CB2*'], targetFamily: 'gtps', active: false });
  });

  it('when no manifest.json is at the path, then the spec text and the error icon show, and nothing else', async () => {
    const { user, dialog } = await openCreate();
    await validatePath(dialog, user, '/updates/specs/nope');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A manifest.json file was not found at the specified path.  Verify that the path you entered is correct or try a different path.',
      { normalizeWhitespace: false },
    );
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute('data-state', 'error');
    expect(within(dialog).queryByLabelText('filter')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('when validation answers 422, then no message shows and the validation clears', async () => {
    const { user, dialog } = await openCreate({
      routes: {
        'POST /validate_spec_update_at_path/v1': json(422, {
          error: 'The manifest.json at this path is not valid: it is not a spec update manifest.',
          code: 'MANIFEST_INVALID',
        }),
      },
    });
    await validatePath(dialog, user, '/updates/aligner/5.6.0');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute('data-state', 'error'),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('filter')).not.toBeInTheDocument();
  });

  it('when the validated path is changed, then the fields and Confirm go away', async () => {
    const { user, dialog } = await openCreate();
    await validatePath(dialog, user, '/updates/specs/US-2027-01');
    await within(dialog).findByRole('button', { name: 'Confirm' });
    await user.type(within(dialog).getByLabelText('update path'), '/');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('filter')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute(
      'data-state',
      'unchecked',
    );
  });

  it('when Cancel is clicked, then the dialog closes and opens again reset', async () => {
    const { user, dialog } = await openCreate();
    await validatePath(dialog, user, '/updates/specs/US-2027-01');
    await within(dialog).findByRole('button', { name: 'Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogOpen(CREATE)).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Create Spec Update' }));
    const again = await findDialog(CREATE);
    expect(within(again).getByLabelText('update path')).toHaveValue('');
    expect(within(again).queryByLabelText('filter')).not.toBeInTheDocument();
  });

  it('when the publish is refused, then the server sentence shows and the dialog stays open', async () => {
    const { user, dialog } = await openCreate({
      routes: {
        'POST /create/spec_update/v1': json(409, {
          error: 'A spec update at /updates/specs/US-2027-01 exists.',
          code: 'conflict',
        }),
      },
    });
    await validatePath(dialog, user, '/updates/specs/US-2027-01');
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('A spec update at /updates/specs/US-2027-01 exists.'),
    ).toBeInTheDocument();
    expect(dialogOpen(CREATE)).toBe(true);
  });
});

describe('Edit Specification Update', () => {
  const TITLE = 'Edit Specification Update - US-2026-12';

  async function openEdit(routes: Record<string, StubHandler> = {}) {
    const app = openSpecUpdates({ entry: '/SpecUpdates?tab=releases', routes });
    const first = await screen.findByRole('row', { name: /^US-2026-12 / });
    await app.user.click(within(first).getByRole('button', { name: 'Edit Spec' }));
    const dialog = await findDialog(TITLE);
    return { ...app, dialog };
  }

  it('when Edit Spec is clicked, then the 600-wide dialog names the version, notes the path and holds the row settings', async () => {
    const { dialog } = await openEdit();
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '600px' });
    expect(dialog).toHaveTextContent('Path: /updates/specs/US-2026-12');
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
    expect(
      within(dialog).getByRole('combobox', { name: 'Target family' }).closest('.ant-select'),
    ).toHaveTextContent('aligner');
    expect(within(dialog).getByLabelText('filter')).toHaveValue('AX1*,CB2*');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('when the filter is emptied, then Update hides; when changed settings are saved, then they are sent, the dialog closes and the list reloads', async () => {
    let sent: unknown = null;
    const { user, dialog, world } = await openEdit({
      'POST /update/spec_update/v1': async (request: Request) => {
        sent = await request.json();
        const body = sent as Pick<SpecUpdate, 'active' | 'targetFamily' | 'filter'>;
        world.releases = world.releases.map((s, i) => (i === 0 ? { ...s, ...body } : s));
        return world.releases[0] ?? null;
      },
    });
    const filter = within(dialog).getByLabelText('filter');
    await user.clear(filter);
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await user.type(filter, '*');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dialogOpen(TITLE)).toBe(false));
    expect(sent).toEqual({
      path: '/updates/specs/US-2026-12',
      version: { name: 'US-2026-12', month: 3, year: 2026, semantic: '2026.3.0' },
      active: true,
      targetFamily: 'aligner',
      filter: ['*'],
    });
    expect(await screen.findByText('Spec update US-2026-12 is saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /^US-2026-12 / })).getAllByRole('cell')[8],
      ).toHaveTextContent('false'),
    );
  });

  it('when the update is refused, then the server sentence shows and the dialog stays open', async () => {
    const { user, dialog } = await openEdit({
      'POST /update/spec_update/v1': json(403, {
        error: 'Your role does not allow this action.',
        code: 'forbidden',
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Your role does not allow this action.')).toBeInTheDocument();
    expect(dialogOpen(TITLE)).toBe(true);
  });
});
