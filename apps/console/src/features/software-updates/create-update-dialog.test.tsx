import { screen, waitFor, within } from '@testing-library/react';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json } from '../../test/fetch-stub';
import { bodyOf, openSoftwareUpdates } from './test-support';

const MANIFEST_NOT_FOUND_TEXT =
  'A manifest.json file was not found at the specified path.  Verify that the path you entered is correct or try a different path.';

async function openCreate(name: string, options: Parameters<typeof openSoftwareUpdates>[0] = {}) {
  const app = openSoftwareUpdates(options);
  await app.user.click(await screen.findByRole('button', { name }));
  const dialog = await findDialog(name);
  return { ...app, dialog };
}

describe('Create update dialogs', () => {
  it('when a path with a manifest is validated, then the dialog says it was found and verified with its version, and Confirm publishes it and closes', async () => {
    let published: unknown = null;
    const { user, dialog, stub } = await openCreate('Create Aligner Update', {
      routes: {
        'POST /create/update/v1': async (request) => {
          published = await request.json();
          return {
            family: 'aligner',
            version: { semantic: '5.6.0', meta: 'build 2600' },
            path: '/updates/aligner/5.6.0',
            prerequisite: '5.0.0',
            createdAt: '2026-01-01T00:00:00.000Z',
          };
        },
      },
    });
    const validate = within(dialog).getByRole('button', { name: 'Validate' });
    expect(validate).toHaveAttribute('data-state', 'unchecked');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('update path'), '/updates/aligner/5.6.0');
    await user.click(validate);

    expect(
      await within(dialog).findByText('A manifest.json file was found and verified at this path.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/This update is version 5\.6\.0 - build 2600\./)).toBeInTheDocument();
    expect(validate).toHaveAttribute('data-state', 'checked');
    expect(await bodyOf(stub.callsTo('/validate_software_update_at_path/v1')[0])).toEqual({
      updatePath: '/updates/aligner/5.6.0',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialogOpen('Create Aligner Update')).toBe(false));
    expect(published).toEqual({
      version: { semantic: '5.6.0', meta: 'build 2600' },
      prerequisite: '5.0.0',
      family: 'aligner',
      path: '/updates/aligner/5.6.0',
    });
    expect(await screen.findByText('Aligner update 5.6.0 - build 2600 is published.')).toBeInTheDocument();
  });

  it('when the dialog is opened again after publishing, then it starts empty', async () => {
    const { user, dialog } = await openCreate('Create Tru-Point Update', {
      routes: {
        'POST /create/gtps_update/v1': {
          family: 'gtps',
          version: { semantic: '1.6.1', meta: '' },
          path: '/updates/gtps/1.6.1',
          prerequisite: '',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    await user.type(within(dialog).getByLabelText('update path'), '/updates/gtps/1.6.1{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialogOpen('Create Tru-Point Update')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Create Tru-Point Update' }));
    const again = await findDialog('Create Tru-Point Update');
    expect(within(again).getByLabelText('update path')).toHaveValue('');
    expect(within(again).getByRole('button', { name: 'Validate' })).toHaveAttribute(
      'data-state',
      'unchecked',
    );
  });

  it('when no manifest.json is at the path, then the spec text shows with the error icon and no Confirm; editing the path clears both', async () => {
    const { user, dialog } = await openCreate('Create Oasis Update');
    const field = within(dialog).getByLabelText('update path');
    await user.type(field, '/updates/aligner-oasis/9.9.9');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    const alert = await within(dialog).findByRole('alert');
    // The exact text, two spaces included.
    expect(alert).toHaveTextContent(MANIFEST_NOT_FOUND_TEXT, { normalizeWhitespace: false });
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute('data-state', 'error');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await user.type(field, 'x');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute(
      'data-state',
      'unchecked',
    );
  });

  it.each([
    [
      422,
      {
        error: 'The manifest.json at this path is not valid: it is a Aligner update, not a Oasis update.',
        code: 'MANIFEST_INVALID',
      },
    ],
    [
      400,
      { error: 'The update path must stay inside the updates folder.', code: 'path_outside_updates_root' },
    ],
  ])(
    'when validation answers %i, then no message shows, the validation clears and Confirm is not offered',
    async (status, body) => {
      const { user, dialog } = await openCreate('Create Oasis Update', {
        routes: { 'POST /validate_oasis_software_update_at_path/v1': json(status, body) },
      });
      await user.type(within(dialog).getByLabelText('update path'), '../../etc');
      await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute(
          'data-state',
          'error',
        ),
      );
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(dialog).queryByText(/manifest\.json file was/)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    },
  );

  it('when a validated path is changed, then the validation resets and Confirm goes away', async () => {
    const { user, dialog } = await openCreate('Create Aligner Update');
    const field = within(dialog).getByLabelText('update path');
    await user.type(field, '/updates/aligner/5.6.0');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await user.type(field, '/');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/found and verified/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toHaveAttribute(
      'data-state',
      'unchecked',
    );
  });

  it('when the publish is refused, then the server sentence shows and the dialog stays open', async () => {
    const { user, dialog } = await openCreate('Create Aligner Update', {
      routes: {
        'POST /create/update/v1': json(409, {
          error: 'Aligner update 5.6.0 is already published.',
          code: 'already_published',
        }),
      },
    });
    await user.type(within(dialog).getByLabelText('update path'), '/updates/aligner/5.6.0{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Aligner update 5.6.0 is already published.')).toBeInTheDocument();
    expect(dialogOpen('Create Aligner Update')).toBe(true);
  });

  it('when Cancel is clicked, then nothing is published and the dialog closes', async () => {
    const { user, dialog, stub } = await openCreate('Create Aligner Update');
    await user.type(within(dialog).getByLabelText('update path'), '/updates/aligner/5.6.0{Enter}');
    await within(dialog).findByRole('button', { name: 'Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogOpen('Create Aligner Update')).toBe(false));
    expect(stub.callsTo('/create/update/v1')).toHaveLength(0);
  });
});
