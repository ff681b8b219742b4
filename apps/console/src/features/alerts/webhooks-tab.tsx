import { DeleteOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { CreatedWebhook, Webhook } from '@equipment-dashboard/contract';
import {
  useDeleteWebhookMutation,
  useReadWebhooksQuery,
  useTestWebhookMutation,
} from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { actionsColumn } from '../../shared/back-office/row-action';
import { CreateButton } from '../../shared/back-office/screen-card';
import { serverProblem } from '../../shared/back-office/server-error';
import { RetryAlert } from '../../shared/back-office/server-error-alert';
import { formatDateTime } from '../../shared/equipment/format';
import { snackbarShown } from '../../shared/ui/ui-slice';
import {
  DeliveriesDialog,
  DeliveryStateTag,
  NewWebhookDialog,
  deliveryPollMs,
  WebhookSecretDialog,
} from './webhook-dialogs';
import { ALERTS_TEXTS as T } from './texts';

type Dialog =
  | { kind: 'new' }
  | { kind: 'secret'; webhook: CreatedWebhook }
  | { kind: 'deliveries' | 'delete'; webhook: Webhook };

/** The Webhooks tab: the webhooks with their last delivery; New webhook, Test and Delete for the roles that manage rules, and each one's delivery log. */
export function WebhooksTab({ manage }: { manage: boolean }) {
  const dispatch = useAppDispatch();
  // A delivery's outcome comes by no live event: while one is pending the list reads again until it is known.
  const [pollMs, setPollMs] = useState(0);
  const { data, isFetching, error, refetch } = useReadWebhooksQuery(undefined, {
    pollingInterval: pollMs,
    skipPollingIfUnfocused: true,
  });
  const nextPollMs = deliveryPollMs(
    (data ?? []).flatMap((w) =>
      w.lastDelivery ? [{ state: w.lastDelivery.state, answered: w.lastDelivery.status !== null }] : [],
    ),
  );
  if (nextPollMs !== pollMs) setPollMs(nextPollMs);
  const [test] = useTestWebhookMutation();
  const [remove] = useDeleteWebhookMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const sendTest = async (webhook: Webhook) => {
    try {
      await test({ id: webhook.id }).unwrap();
      dispatch(snackbarShown(T.testQueued(webhook.name)));
    } catch (failure) {
      dispatch(snackbarShown(serverProblem(failure).sentence));
    }
  };

  const columns: TableColumnsType<Webhook> = [
    { key: 'name', title: T.name, dataIndex: 'name' },
    { key: 'url', title: T.url, dataIndex: 'url', ellipsis: true },
    { key: 'createdBy', title: T.createdBy, dataIndex: 'createdBy' },
    { key: 'createdAt', title: T.createdAt, render: (_v, w) => formatDateTime(w.createdAt) },
    {
      key: 'last',
      title: T.lastDelivery,
      render: (_v, w) =>
        w.lastDelivery ? (
          <Flex gap={4} align="center" wrap>
            <DeliveryStateTag state={w.lastDelivery.state} />
            <span>{w.lastDelivery.status === null ? '' : `HTTP ${w.lastDelivery.status}`}</span>
            <span>{formatDateTime(w.lastDelivery.at)}</span>
          </Flex>
        ) : (
          T.never
        ),
    },
    actionsColumn<Webhook>(T.actions, 120, (w) => [
      {
        label: T.deliveries(w.name),
        icon: <UnorderedListOutlined />,
        onClick: () => setDialog({ kind: 'deliveries', webhook: w }),
      },
      { label: T.test(w.name), icon: <SendOutlined />, shown: manage, onClick: () => void sendTest(w) },
      {
        label: T.deleteWebhook(w.name),
        icon: <DeleteOutlined />,
        danger: true,
        shown: manage,
        onClick: () => setDialog({ kind: 'delete', webhook: w }),
      },
    ]),
  ];

  return (
    <>
      {manage && (
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <CreateButton label={T.newWebhook} onClick={() => setDialog({ kind: 'new' })} />
        </Flex>
      )}
      {Boolean(error) && !data && <RetryAlert error={error} onRetry={refetch} />}
      <Table<Webhook>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data ?? []}
        loading={{ spinning: isFetching && pollMs === 0, delay: 150 }}
        pagination={false}
        scroll={{ x: 900 }}
      />
      {dialog?.kind === 'new' && (
        <NewWebhookDialog
          onClose={() => setDialog(null)}
          onCreated={(webhook) => setDialog({ kind: 'secret', webhook })}
        />
      )}
      {dialog?.kind === 'secret' && (
        <WebhookSecretDialog webhook={dialog.webhook} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'deliveries' && (
        <DeliveriesDialog webhook={dialog.webhook} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={T.deleteWebhookTitle}
          text={T.deleteWebhookText(dialog.webhook.name)}
          danger
          onConfirm={() => remove({ id: dialog.webhook.id }).unwrap()}
          onCancel={() => setDialog(null)}
          onDone={() => {
            dispatch(snackbarShown(T.webhookDeleted(dialog.webhook.name)));
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
