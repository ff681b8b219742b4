import { type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type Fixture } from '@equipment-dashboard/contract';
import {
  useDeleteEzFixtureMutation,
  useEzGetFixturesQuery,
  useResetEzFixtureMutation,
} from '@equipment-dashboard/api-client';
import { formatFixtureExpiry, parseFixtureExpiry } from '@equipment-dashboard/domain';
import { errorStatus } from '../../shared/api/error-text';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { actionsColumn } from '../../shared/back-office/row-action';
import { CreateButton } from '../../shared/back-office/screen-card';
import type { CallError } from '../../shared/back-office/server-error';
import { ServerList } from '../../shared/back-office/server-list';
import { useServerList } from '../../shared/back-office/use-server-list';
import { CreateFixtureDialog, ModifySubscriptionDialog } from './fixture-dialogs';
import { resetFixtureOutcome } from './outcomes';
import { EZADAS_TEXTS as T } from './texts';

const FILTERS = { filterSerialNumber: '' };

type Dialog = { kind: 'create' } | { kind: 'subscription' | 'reset' | 'delete'; fixture: Fixture };

/** A fixture's expiry as the table shows it: M/D/YYYY, or N/A (back-office §3, §9). */
export function expiryText(value: string): string {
  const date = parseFixtureExpiry(value);
  return date ? formatFixtureExpiry(date) : T.notApplicable;
}

/**
 * The Fixtures tab (back-office §2.8): the serial number filter, the server-paged fixtures table with
 * Edit Subscription, Reset Activation Count and Delete Serial Number (every role that sees the screen,
 * §6), Create New Fixture, and their dialogs. Outcomes go to the screen's 10-second snackbar.
 */
export function FixturesTab({ notify }: { notify: (text: string) => void }) {
  const list = useServerList(useEzGetFixturesQuery, FILTERS);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [resetFixture] = useResetEzFixtureMutation();
  const [deleteFixture] = useDeleteEzFixtureMutation();
  const close = () => setDialog(null);

  const reset = async (serialNumber: string) => {
    try {
      const answer = await resetFixture({ serialNumber }).unwrap();
      notify(resetFixtureOutcome(answer.status, serialNumber).text);
    } catch (failure) {
      notify(resetFixtureOutcome(errorStatus(failure as CallError), serialNumber).text);
      throw failure;
    }
  };

  const columns: TableColumnsType<Fixture> = [
    { key: 'serialNumber', title: T.serialNumber, dataIndex: 'serialNumber' },
    { key: 'activationCount', title: T.activationCount, dataIndex: 'activationCount' },
    { key: 'subscriptionPackage', title: T.subscriptionType, dataIndex: 'subscriptionPackage' },
    {
      key: 'subscriptionExpires',
      title: T.subscriptionExpiration,
      render: (_value, fixture) => expiryText(fixture.subscriptionExpires),
    },
    actionsColumn(T.actions, 130, (fixture) => [
      {
        label: T.editSubscription,
        icon: <EditOutlined />,
        onClick: () => setDialog({ kind: 'subscription', fixture }),
      },
      {
        label: T.resetActivationCount,
        icon: <UndoOutlined />,
        onClick: () => setDialog({ kind: 'reset', fixture }),
      },
      {
        label: T.deleteSerialNumber,
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => setDialog({ kind: 'delete', fixture }),
      },
    ]),
  ];

  return (
    <>
      <ServerList<Fixture>
        {...list}
        rowKey="serialNumber"
        columns={columns}
        filters={
          <ListFilterInput
            search={list.search}
            name="filterSerialNumber"
            label={T.filterFixtureSerialNumber}
          />
        }
        actions={<CreateButton label={T.createNewFixture} onClick={() => setDialog({ kind: 'create' })} />}
      />
      {dialog?.kind === 'create' && <CreateFixtureDialog onClose={close} notify={notify} />}
      {dialog?.kind === 'subscription' && (
        <ModifySubscriptionDialog fixture={dialog.fixture} onClose={close} notify={notify} />
      )}
      {dialog?.kind === 'reset' && (
        <ConfirmDialog
          title={T.resetFixtureActivations}
          text={T.resetConfirm(dialog.fixture.serialNumber)}
          onConfirm={() => reset(dialog.fixture.serialNumber)}
          onDone={close}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={T.deleteSerialNumber}
          text={T.deleteConfirm(dialog.fixture.serialNumber)}
          danger
          onConfirm={() => deleteFixture({ serialNumber: dialog.fixture.serialNumber }).unwrap()}
          onDone={() => {
            notify(T.fixtureDeleted(dialog.fixture.serialNumber));
            close();
          }}
          onCancel={close}
        />
      )}
    </>
  );
}
