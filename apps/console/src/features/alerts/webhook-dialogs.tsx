import { CopyOutlined } from '@ant-design/icons';
import { Alert as Notice, Button, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  DELIVERY_STATES,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@equipment-dashboard/contract';
import { useCreateWebhookMutation, useReadWebhookDeliveriesQuery } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { serverPagination } from '../../shared/back-office/pagination';
import { RetryAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { formatDateTime } from '../../shared/equipment/format';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { useFocusReturn } from '../../shared/ui/use-focus-return';
import { ALERTS_TEXTS as T } from './texts';

type DeliveryState = (typeof DELIVERY_STATES)[number];
const DELIVERY_COLOURS = { pending: 'blue', delivered: 'green', failed: 'red' } as const satisfies Record<
  DeliveryState,
  string
>;

/** A delivery's state as a tag (its word says it). */
export function DeliveryStateTag({ state }: { state: string }) {
  const known = (DELIVERY_STATES as readonly string[]).includes(state) ? (state as DeliveryState) : null;
  return (
    <Tag color={known ? DELIVERY_COLOURS[known] : undefined}>{known ? T.deliveryStates[known] : state}</Tag>
  );
}

/** New webhook: a name and an http(s) URL; the created webhook's secret is handed to `onCreated`, shown once. */
export function NewWebhookDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const [create] = useCreateWebhookMutation();
  const call = useServerCall();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const submit = async () => {
    let created: CreatedWebhook | null = null;
    const ok = await call.run(async () => {
      created = await create({ name: name.trim(), url: url.trim() }).unwrap();
    });
    if (ok && created) onCreated(created);
  };
  return (
    <ActionDialog
      title={T.newWebhookTitle}
      okText={T.create}
      ready={name.trim() !== '' && url.trim() !== ''}
      notReadyReason={T.needsWebhookFields}
      call={call}
      onOk={submit}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={T.name} htmlFor="webhook-name" required>
          <Input id="webhook-name" value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label={T.url} htmlFor="webhook-url" help={T.urlHelp} required>
          <Input id="webhook-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/** The new webhook's signing secret, shown this once, with a copy button and a warning. */
export function WebhookSecretDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  useFocusReturn();
  const dispatch = useAppDispatch();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      dispatch(snackbarShown(T.secretCopied));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the secret stays on screen to copy by hand.
      dispatch(snackbarShown(T.secretNotCopied));
    }
  };
  return (
    <Modal
      open
      title={T.secretTitle}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDetail }}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {T.done}
        </Button>
      }
    >
      <Notice type="warning" showIcon title={T.secretWarning} style={{ marginBottom: 12 }} />
      <Form layout="vertical">
        <Form.Item label={T.secretLabel} htmlFor="webhook-secret">
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="webhook-secret"
              readOnly
              value={webhook.secret}
              style={{ fontFamily: 'monospace' }}
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {T.copySecret}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

const DELIVERY_COLUMNS: TableColumnsType<WebhookDelivery> = [
  { key: 'event', title: T.deliveryEvent, dataIndex: 'event' },
  { key: 'title', title: T.deliveryTitle, dataIndex: 'title' },
  { key: 'state', title: T.deliveryState, render: (_v, d) => <DeliveryStateTag state={d.state} /> },
  { key: 'attempts', title: T.attempts, dataIndex: 'attempts' },
  { key: 'status', title: T.lastStatus, render: (_v, d) => d.lastStatus ?? '' },
  { key: 'answer', title: T.lastAnswer, ellipsis: true, render: (_v, d) => d.lastResponse ?? '' },
  { key: 'created', title: T.created, render: (_v, d) => formatDateTime(d.createdAt) },
  { key: 'last', title: T.lastAttempt, render: (_v, d) => formatDateTime(d.lastAttemptAt) },
  { key: 'next', title: T.nextAttempt, render: (_v, d) => formatDateTime(d.nextAttemptAt) },
];

/** How often a list that shows a pending delivery reads again (its outcome comes by no live event). */
export const PENDING_DELIVERY_POLL_MS = 2_000;
/** ... and one whose receiver failed and is retried (for up to a day, at growing delays). */
export const RETRIED_DELIVERY_POLL_MS = 30_000;

/** How often a list of deliveries reads again: soon while a first attempt is pending, slowly while retries are, else never. */
export function deliveryPollMs(deliveries: readonly { state: string; answered: boolean }[]): number {
  const pending = deliveries.filter((d) => d.state === 'pending');
  if (pending.length === 0) return 0;
  return pending.some((d) => !d.answered) ? PENDING_DELIVERY_POLL_MS : RETRIED_DELIVERY_POLL_MS;
}

/** A webhook's delivery log, newest first, paged by the server; read again while a delivery in it is pending. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  useFocusReturn();
  const [page, setPage] = useState(1);
  const [pollMs, setPollMs] = useState(0);
  const { data, isFetching, error, refetch } = useReadWebhookDeliveriesQuery(
    { webhookId: webhook.id, page },
    { refetchOnMountOrArgChange: true, pollingInterval: pollMs, skipPollingIfUnfocused: true },
  );
  const nextPollMs = deliveryPollMs(
    (data?.docs ?? []).map((d) => ({ state: d.state, answered: d.lastStatus !== null })),
  );
  if (nextPollMs !== pollMs) setPollMs(nextPollMs);
  return (
    <Modal
      open
      title={T.deliveries(webhook.name)}
      width={1000}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDetail }}
      footer={null}
    >
      {Boolean(error) && !data && <RetryAlert error={error} onRetry={refetch} />}
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        columns={DELIVERY_COLUMNS}
        dataSource={data?.docs ?? []}
        loading={{ spinning: isFetching && pollMs === 0, delay: 150 }}
        locale={{ emptyText: T.noDeliveries }}
        scroll={{ x: 900 }}
        pagination={serverPagination(page, data?.totalDocs ?? 0, setPage)}
      />
    </Modal>
  );
}
