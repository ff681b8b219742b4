import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json } from '../../test/fetch-stub';
import { message, openMessaging } from './test-support';

const DAY = 'YYYY-MM-DD';
const day = (offset: number) => dayjs().add(offset, 'day').format(DAY);
const row = (id: number) => screen.getByRole('row', { name: new RegExp(`^${id} `) });

type User = ReturnType<typeof openMessaging>['user'];

async function pickDate(user: User, dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, `${value}{Enter}`);
}

async function chooseMarket(user: User, dialog: HTMLElement, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Market' }));
  await user.click((await screen.findAllByTitle(option)).at(-1) as HTMLElement);
}

/** Fills every step of a new message; leaves the wizard on step 3. */
async function fillNewMessage(user: User, dialog: HTMLElement, start = day(1), end = day(8)) {
  await pickDate(user, dialog, 'Start Date', start);
  await pickDate(user, dialog, 'End Date', end);
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.type(within(dialog).getByLabelText('Header'), 'Winter specs');
  await user.type(within(dialog).getByLabelText('Body'), 'New specs are out.');
  await user.type(within(dialog).getByLabelText('Call To Action'), 'Install them today.');
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await chooseMarket(user, dialog, 'Mexico (MX)');
}

describe('message editor', () => {
  it("when a new message is left empty, then Save and Save and Submit stay disabled and each field says 'Required' once its step is left", async () => {
    const { user } = openMessaging('support');
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(screen.getByRole('button', { name: 'Create New Message' }));
    const dialog = await findDialog('Create New Message');
    for (const step of ['Select Time Period', 'Configure Notification', 'Target Notification']) {
      expect(within(dialog).getByText(step)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save and Submit' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(3);
  });

  it('when the start moves past the end, then the end is set to the start; a start before today is refused', async () => {
    const { user } = openMessaging('support');
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(screen.getByRole('button', { name: 'Create New Message' }));
    const dialog = await findDialog('Create New Message');
    await pickDate(user, dialog, 'Start Date', day(2));
    await pickDate(user, dialog, 'End Date', day(4));
    expect(within(dialog).getByLabelText('End Date')).toHaveValue(day(4));
    await pickDate(user, dialog, 'Start Date', day(6));
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue(day(6));
    await waitFor(() => expect(within(dialog).getByLabelText('End Date')).toHaveValue(day(6)));
    // The picker does not take a day before today.
    await pickDate(user, dialog, 'Start Date', day(-1));
    expect(within(dialog).getByLabelText('Start Date')).not.toHaveValue(day(-1));
  });

  it('when texts are typed, then counters show against 75 and 200 and a too long header is refused', async () => {
    const { user } = openMessaging('support');
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(screen.getByRole('button', { name: 'Create New Message' }));
    const dialog = await findDialog('Create New Message');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText('Header'), 'Hello');
    expect(within(dialog).getByText('5 / 75')).toBeInTheDocument();
    expect(within(dialog).getAllByText('0 / 200')).toHaveLength(2);
    await user.click(within(dialog).getByLabelText('Header'));
    await user.paste('x'.repeat(71));
    expect(within(dialog).getByText('76 / 75')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 75 characters.')).toBeInTheDocument();
  });

  it('when a .csv is chosen, then Upload enables, the serial numbers are read by the server and their count shows', async () => {
    let fileName: string | null = null;
    const { user } = openMessaging('support', () => ({
      'POST /upload_serialnumbers': async (request) => {
        const file = (await request.formData()).get('file');
        fileName = file instanceof Blob ? (file as File).name : null;
        return ['AX1AS0001', 'AX1AS0002', 'CB1BT0003'];
      },
    }));
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(screen.getByRole('button', { name: 'Create New Message' }));
    const dialog = await findDialog('Create New Message');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('0 serial numbers')).toBeInTheDocument();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.csv');
    await user.upload(
      input,
      new File(['serial\nAX1AS0001\nAX1AS0002\nCB1BT0003\n'], 'units.csv', { type: 'text/csv' }),
    );
    expect(upload).toBeEnabled();
    await user.click(upload);
    expect(await within(dialog).findByText('3 serial numbers')).toBeInTheDocument();
    expect(fileName).toBe('units.csv');
  });

  it('when a new message is saved with Save and Submit, then it is created pending approval with UTC day bounds, the issuer and the serials; the dialog closes', async () => {
    let body: Record<string, unknown> | null = null;
    const { user, stub } = openMessaging('support', (world) => ({
      'POST /create/message/v1': async (request) => {
        body = (await request.json()) as Record<string, unknown>;
        const created = message(9, { header: 'Winter specs', disposition: 'pending approval' });
        world.messages = [...world.messages, created];
        return created;
      },
      'POST /upload_serialnumbers': ['AX1AS0001'],
    }));
    await screen.findByRole('cell', { name: 'Header 1' });
    const before = stub.callsTo('/read/messages/v1/').length;
    await user.click(screen.getByRole('button', { name: 'Create New Message' }));
    const dialog = await findDialog('Create New Message');
    await fillNewMessage(user, dialog);
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement,
      new File(['AX1AS0001\n'], 'one.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByText('1 serial number');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save and Submit' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      schedule: { startDate: `${day(1)}T00:00:00.000Z`, endDate: `${day(8)}T23:59:59.999Z` },
      header: 'Winter specs',
      body: 'New specs are out.',
      callToAction: 'Install them today.',
      targets: { market: 'MX', softwareVersion: 'all', serialNumbers: ['AX1AS0001'] },
      issuerUsername: 'support',
      issuerEmail: 'support@example.com',
      disposition: 'pending approval',
    });
    await waitFor(() => expect(dialogOpen('Create New Message')).toBe(false));
    expect(await screen.findByText('Message 9 is submitted for approval.')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/read/messages/v1/').length).toBeGreaterThan(before));
  });

  it('when the server refuses a save, then its sentence and field problems show and the dialog keeps what was typed', async () => {
    const { user } = openMessaging('support', () => ({
      'POST /create/message/v1': json(400, {
        error: 'The message cannot be saved.',
        code: 'invalid',
        details: [{ path: 'targets.market', message: 'Not a country of the aligner countries list.' }],
      }),
    }));
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(screen.getByRole('button', { name: 'Create New Message' }));
    const dialog = await findDialog('Create New Message');
    await fillNewMessage(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The message cannot be saved.');
    expect(alert).toHaveTextContent('targets.market: Not a country of the aligner countries list.');
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByLabelText('Header')).toHaveValue('Winter specs');
  });

  it('when a draft is edited and saved, then the update keeps the id, sends draft and My Drafts reloads', async () => {
    let body: { id?: number; payload?: Record<string, unknown> } | null = null;
    const { user, world } = openMessaging('support', (w) => {
      w.messages = [
        message(1, {
          schedule: { startDate: `${day(2)}T00:00:00.000Z`, endDate: `${day(3)}T23:59:59.999Z` },
          targets: { market: 'DE', softwareVersion: 'all', serialNumbers: ['AX1AS0001', 'AX1AS0002'] },
        }),
      ];
      return {
        'POST /update/message/v1': async (request) => {
          body = (await request.json()) as typeof body;
          w.messages = [message(1, { header: 'Header 1 changed' })];
          return w.messages[0] as object;
        },
      };
    });
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(within(row(1)).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit Message - 1');
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue(day(2));
    expect(within(dialog).getByLabelText('End Date')).toHaveValue(day(3));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText('Header'), ' changed');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('2 serial numbers')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save and Approve' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      id: 1,
      payload: {
        schedule: { startDate: `${day(2)}T00:00:00.000Z`, endDate: `${day(3)}T23:59:59.999Z` },
        header: 'Header 1 changed',
        body: 'Body of message 1',
        callToAction: 'Call now about 1',
        targets: { market: 'DE', softwareVersion: 'all', serialNumbers: ['AX1AS0001', 'AX1AS0002'] },
        issuerUsername: 'support',
        issuerEmail: 'support@example.com',
        disposition: 'draft',
      },
    });
    expect(await screen.findByRole('cell', { name: 'Header 1 changed' })).toBeInTheDocument();
    expect(world.messages).toHaveLength(1);
  });

  it('when an engineer uses Edit and Approve, then the dialog offers Save and Save and Approve, and approving sends upcoming', async () => {
    let body: { payload?: { disposition?: string } } | null = null;
    const { user } = openMessaging('engineer', (w) => {
      w.messages = [
        message(3, {
          disposition: 'pending approval',
          issuerUsername: 'tech',
          schedule: { startDate: `${day(1)}T00:00:00.000Z`, endDate: `${day(1)}T23:59:59.999Z` },
        }),
      ];
      return {
        'POST /update/message/v1': async (request) => {
          body = (await request.json()) as typeof body;
          w.messages = [{ ...(w.messages[0] as ReturnType<typeof message>), disposition: 'upcoming' }];
          return w.messages[0] as object;
        },
      };
    });
    await screen.findByRole('tab', { name: 'Pending Approval' });
    await user.click(screen.getByRole('tab', { name: 'Pending Approval' }));
    await screen.findByRole('cell', { name: 'Header 3' });
    await user.click(within(row(3)).getByRole('button', { name: 'Edit and Approve' }));
    const dialog = await findDialog('Approve Message - 3');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Save and Submit' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save and Approve' }));
    await waitFor(() => expect(body?.payload?.disposition).toBe('upcoming'));
    expect(await screen.findByText('Message 3 is approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Header 3' })).not.toBeInTheDocument());
  });

  it('when support opens its own pending message, then only Save is offered (no approval)', async () => {
    const { user } = openMessaging('support', (w) => {
      w.messages = [message(4, { disposition: 'pending approval' })];
      return {};
    });
    await screen.findByRole('tab', { name: 'Pending Approval' });
    await user.click(screen.getByRole('tab', { name: 'Pending Approval' }));
    await screen.findByRole('cell', { name: 'Header 4' });
    await user.click(within(row(4)).getByRole('button', { name: 'Edit and Approve' }));
    const dialog = await findDialog('Approve Message - 4');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save and Approve' })).not.toBeInTheDocument();
  });
});
