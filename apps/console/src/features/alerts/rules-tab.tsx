import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AlertRule, AlertScope } from '@equipment-dashboard/contract';
import {
  useDeleteAlertRuleMutation,
  useReadAlertRulesQuery,
  useUpdateAlertRuleMutation,
} from '@equipment-dashboard/api-client';
import { ALERT_RULE_KIND_LABELS } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { actionsColumn } from '../../shared/back-office/row-action';
import { CreateButton } from '../../shared/back-office/screen-card';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerList } from '../../shared/back-office/server-list';
import { useServerList } from '../../shared/back-office/use-server-list';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { RuleDialog } from './rule-dialog';
import { ALERTS_TEXTS as T } from './texts';
import { WhyDisabled } from '../../shared/ui/why-disabled';

const FILTERS = { filterName: '' };

/** A rule's scope in words. */
export function scopeText(scope: AlertScope): string {
  if (scope.kind === 'view') return T.scopeText.view(scope.viewName, scope.viewId);
  if (scope.kind === 'filters') {
    const filters = Object.entries(scope.filters ?? {}).map(
      ([key, value]) => `${key.replace(/^filter/, '')} ${value}`,
    );
    return T.scopeText.filters(filters.join(', '));
  }
  if (scope.kind === 'serials') return T.scopeText.serials(scope.serials?.length ?? 0);
  return T.scopeText.fleet;
}

/** The enabled switch of a rule: it changes the rule at once (POST /update/alert_rule/v1 with `enabled`). */
function EnabledSwitch({ rule, manage }: { rule: AlertRule; manage: boolean }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateAlertRuleMutation();
  const toggle = async (enabled: boolean) => {
    try {
      await update({ id: rule.id, enabled }).unwrap();
      dispatch(snackbarShown(T.ruleEnabled(rule.name, enabled)));
    } catch (error) {
      dispatch(snackbarShown(serverProblem(error).sentence));
    }
  };
  return (
    <WhyDisabled reason={manage ? null : T.mayNotChangeRules}>
      <Switch
        aria-label={T.enabledOf(rule.name)}
        checked={rule.enabled}
        loading={isLoading}
        disabled={!manage}
        onChange={(enabled) => void toggle(enabled)}
      />
    </WhyDisabled>
  );
}

/** The Rules tab: the rules, server-paged by name; New rule, edit, enable/disable and delete for the roles that manage rules. */
export function RulesTab({ manage }: { manage: boolean }) {
  const dispatch = useAppDispatch();
  const list = useServerList(useReadAlertRulesQuery, FILTERS);
  const [remove] = useDeleteAlertRuleMutation();
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit' | 'delete'; rule: AlertRule } | null>(
    null,
  );

  const columns: TableColumnsType<AlertRule> = [
    { key: 'name', title: T.name, dataIndex: 'name' },
    { key: 'kind', title: T.kind, render: (_v, r) => ALERT_RULE_KIND_LABELS[r.kind] },
    { key: 'severity', title: T.severity, render: (_v, r) => <SeverityTag severity={r.severity} /> },
    { key: 'scope', title: T.scope, render: (_v, r) => scopeText(r.scope) },
    { key: 'for', title: T.forMinutes, dataIndex: 'forMinutes' },
    {
      key: 'channels',
      title: T.channels,
      render: (_v, r) => T.channelsText(r.channels.email.length, r.channels.webhookIds.length),
    },
    { key: 'enabled', title: T.enabled, render: (_v, r) => <EnabledSwitch rule={r} manage={manage} /> },
    ...(manage
      ? [
          actionsColumn<AlertRule>(T.actions, 100, (r) => [
            {
              label: T.editRule(r.name),
              icon: <EditOutlined />,
              onClick: () => setDialog({ kind: 'edit', rule: r }),
            },
            {
              label: T.deleteRule(r.name),
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => setDialog({ kind: 'delete', rule: r }),
            },
          ]),
        ]
      : []),
  ];

  return (
    <>
      <ServerList<AlertRule>
        {...list}
        columns={columns}
        scroll={{ x: 900 }}
        filters={<ListFilterInput search={list.search} name="filterName" label={T.filterRuleName} />}
        actions={
          manage ? <CreateButton label={T.newRule} onClick={() => setDialog({ kind: 'new' })} /> : undefined
        }
      />
      {dialog?.kind === 'new' && <RuleDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <RuleDialog rule={dialog.rule} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={T.deleteRuleTitle}
          text={T.deleteRuleText(dialog.rule.name)}
          danger
          onConfirm={() => remove({ id: dialog.rule.id }).unwrap()}
          onCancel={() => setDialog(null)}
          onDone={() => {
            dispatch(snackbarShown(T.ruleDeleted(dialog.rule.name)));
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
