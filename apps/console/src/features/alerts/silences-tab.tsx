import { StopOutlined } from '@ant-design/icons';
import { Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Silence } from '@equipment-dashboard/contract';
import { useDeleteSilenceMutation, useReadSilencesQuery } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { actionsColumn } from '../../shared/back-office/row-action';
import { CreateButton } from '../../shared/back-office/screen-card';
import { ServerList } from '../../shared/back-office/server-list';
import { useListSearch } from '../../shared/back-office/use-list-search';
import { formatDateTime } from '../../shared/equipment/format';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { SilenceDialog } from './silence-dialog';
import { ALERTS_TEXTS as T } from './texts';

const STATUSES = ['active', 'scheduled', 'expired'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_COLOURS = { active: 'purple', scheduled: 'blue', expired: 'default' } as const satisfies Record<
  Status,
  string
>;
// `id`: one silence, as an alert's history links to it.
const FILTERS = { status: '', id: '' };

/** What a silence matches, in words. */
export function matcherText(matcher: Silence['matcher']): string {
  const parts: string[] = [];
  if (matcher.ruleId !== undefined)
    parts.push(T.matcherText.rule(matcher.ruleName ?? String(matcher.ruleId)));
  if (matcher.serials?.length) parts.push(T.matcherText.serials(matcher.serials.length));
  if (matcher.viewId !== undefined)
    parts.push(T.matcherText.view(matcher.viewName ?? String(matcher.viewId)));
  if (matcher.families?.length) parts.push(T.matcherText.families(matcher.families.join(', ')));
  if (matcher.countries?.length) parts.push(T.matcherText.countries(matcher.countries.join(', ')));
  if (matcher.regions?.length) parts.push(T.matcherText.regions(matcher.regions.join(', ')));
  if (matcher.services?.length) parts.push(T.matcherText.services(matcher.services.join(', ')));
  return parts.join('; ');
}

/** The Silences tab: silences and maintenance windows, newest first; New silence and Expire for the roles that manage them. */
export function SilencesTab({ manage }: { manage: boolean }) {
  const dispatch = useAppDispatch();
  const search = useListSearch(FILTERS);
  const status = (STATUSES as readonly string[]).includes(search.filters.status)
    ? (search.filters.status as Status)
    : undefined;
  const id = /^[1-9]\d{0,9}$/.test(search.filters.id) ? Number(search.filters.id) : undefined;
  const result = useReadSilencesQuery({ page: search.page, status, id });
  const [expire] = useDeleteSilenceMutation();
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'expire'; silence: Silence } | null>(null);

  const columns: TableColumnsType<Silence> = [
    { key: 'matcher', title: T.matcher, render: (_v, s) => matcherText(s.matcher) },
    { key: 'reason', title: T.reason, dataIndex: 'reason' },
    { key: 'author', title: T.author, dataIndex: 'createdBy' },
    { key: 'starts', title: T.starts, width: 170, render: (_v, s) => formatDateTime(s.startsAt) },
    { key: 'ends', title: T.ends, width: 170, render: (_v, s) => formatDateTime(s.endsAt) },
    {
      key: 'recurring',
      title: T.recurring,
      render: (_v, s) =>
        s.recurring
          ? T.recurringText(
              s.recurring.days.map((d) => T.dayLabels[d]).join(' '),
              s.recurring.startHour,
              s.recurring.endHour,
              s.recurring.timeZone,
            )
          : '',
    },
    {
      key: 'status',
      title: T.status,
      render: (_v, s) => <Tag color={STATUS_COLOURS[s.status]}>{T.statusLabels[s.status]}</Tag>,
    },
    ...(manage
      ? [
          actionsColumn<Silence>(T.actions, 80, (s) => [
            {
              label: T.expireOf(s.id),
              tooltip: T.expire,
              icon: <StopOutlined />,
              shown: s.status !== 'expired',
              onClick: () => setDialog({ kind: 'expire', silence: s }),
            },
          ]),
        ]
      : []),
  ];

  return (
    <>
      <ServerList<Silence>
        result={result}
        search={search}
        columns={columns}
        scroll={{ x: 960 }}
        filters={
          <>
            <Select
              aria-label={T.filterStatus}
              placeholder={T.anyStatus}
              allowClear
              style={{ width: 160 }}
              value={status}
              options={STATUSES.map((s) => ({ value: s, label: T.statusLabels[s] }))}
              onChange={(value: string | undefined) => search.setFilters({ status: value ?? '' })}
            />
            {id !== undefined && (
              <Tag
                closable={{ 'aria-label': T.showAllSilences }}
                onClose={() => search.setFilters({ id: '' })}
              >
                {T.onlySilence(id)}
              </Tag>
            )}
          </>
        }
        actions={
          manage ? (
            <CreateButton label={T.newSilence} onClick={() => setDialog({ kind: 'new' })} />
          ) : undefined
        }
      />
      {dialog?.kind === 'new' && <SilenceDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'expire' && (
        <ConfirmDialog
          title={T.expireTitle}
          text={T.expireText}
          onConfirm={() => expire({ id: dialog.silence.id }).unwrap()}
          onCancel={() => setDialog(null)}
          onDone={() => {
            dispatch(snackbarShown(T.expired));
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
