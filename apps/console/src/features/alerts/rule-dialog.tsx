import { Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { AlertRule } from '@equipment-dashboard/contract';
import {
  useCreateAlertRuleMutation,
  useReadWebhooksQuery,
  useUpdateAlertRuleMutation,
} from '@equipment-dashboard/api-client';
import {
  ALERT_RULE_KIND_FIELDS,
  ALERT_RULE_KIND_LABELS,
  ALERT_RULE_KINDS,
  ALERT_SCOPE_KINDS,
  ALERT_SEVERITIES,
  FAMILIES,
  type AlertRuleKind,
  type AlertRuleKindFields,
  type AlertScopeKind,
  type AlertSeverity,
  type Family,
} from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { serverProblem } from '../../shared/back-office/server-error';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { ALERT_SHARED_TEXTS } from '../../shared/alerts/texts';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { Field, SavedViewSelect } from './form-field';
import { RulePreview } from './rule-preview';
import {
  EMPTY_RULE_FORM,
  fieldProblems,
  ruleBody,
  ruleForm,
  withKind,
  type RuleField,
  type RuleForm,
} from './rule-form';
import { ALERTS_TEXTS as T } from './texts';

/** The form's fields of a pair of channels: those the rule notifies, and those its escalation does. */
const CHANNEL_FIELDS: Record<
  'notify' | 'escalate',
  {
    id: string;
    labels: [string, string];
    fields: ['emailsText' | 'escalateEmailsText', 'webhookIds' | 'escalateWebhookIds'];
    problems: [RuleField, RuleField];
  }
> = {
  notify: {
    id: 'rule',
    labels: [T.emails, T.webhooks],
    fields: ['emailsText', 'webhookIds'],
    problems: ['emails', 'webhookIds'],
  },
  escalate: {
    id: 'rule-escalate',
    labels: [T.escalateEmails, T.escalateWebhooks],
    fields: ['escalateEmailsText', 'escalateWebhookIds'],
    problems: ['escalateEmails', 'escalateWebhookIds'],
  },
};

/** A pair of channels (e-mail addresses, webhooks) of a rule: those it notifies, or those its escalation does. */
function ChannelFields({
  which,
  form,
  problems,
  webhooksHelp,
  webhookOptions,
  set,
}: {
  which: keyof typeof CHANNEL_FIELDS;
  form: RuleForm;
  problems: Partial<Record<RuleField, string>>;
  webhooksHelp?: string;
  webhookOptions: { value: number; label: string }[];
  set: (patch: Partial<RuleForm>) => void;
}) {
  const {
    id,
    labels: [emailsLabel, webhooksLabel],
    fields: [emails, webhooks],
    problems: [emailsProblem, webhooksProblem],
  } = CHANNEL_FIELDS[which];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Field id={`${id}-emails`} label={emailsLabel} problem={problems[emailsProblem]} help={T.emailsHelp}>
          <Input.TextArea rows={2} value={form[emails]} onChange={(e) => set({ [emails]: e.target.value })} />
        </Field>
      </Col>
      <Col xs={24} md={12}>
        <Field
          id={`${id}-webhooks`}
          label={webhooksLabel}
          problem={problems[webhooksProblem]}
          help={webhooksHelp}
        >
          <Select
            mode="multiple"
            value={form[webhooks]}
            notFoundContent={T.noWebhooks}
            options={webhookOptions}
            onChange={(next: number[]) => set({ [webhooks]: next })}
          />
        </Field>
      </Col>
    </Row>
  );
}

/**
 * New rule and Edit rule: every field of a rule (kind, severity, scope, pending period, threshold, already offline
 * units, e-mail and webhook channels, reminder, escalation, the flapping guard, enabled), the live preview of what
 * it would fire now, and a refused save's problems shown on their fields.
 */
export function RuleDialog({ rule, onClose }: { rule?: AlertRule; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [create] = useCreateAlertRuleMutation();
  const [update] = useUpdateAlertRuleMutation();
  const call = useServerCall();
  const [form, setForm] = useState<RuleForm>(rule ? ruleForm(rule) : EMPTY_RULE_FORM);
  const [problems, setProblems] = useState<Partial<Record<RuleField, string>>>({});
  const webhooks = useReadWebhooksQuery();
  const webhookOptions = (webhooks.data ?? []).map((w) => ({ value: w.id, label: w.name }));
  const set = (patch: Partial<RuleForm>) => setForm((now) => ({ ...now, ...patch }));
  const {
    scope: takesScope,
    threshold,
    offlineOptions,
  }: AlertRuleKindFields = ALERT_RULE_KIND_FIELDS[form.kind];

  const save = async () => {
    setProblems({});
    let error: unknown = null;
    const body = ruleBody(form);
    const ok = await call.run(async () => {
      try {
        if (rule) await update({ ...body, id: rule.id }).unwrap();
        else await create(body).unwrap();
      } catch (caught) {
        error = caught;
        throw caught;
      }
    });
    if (ok) {
      dispatch(snackbarShown(rule ? T.ruleSaved(body.name) : T.ruleCreated(body.name)));
      onClose();
      return;
    }
    const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
    const { byField, other } = fieldProblems(details);
    setProblems(byField);
    if (Object.keys(byField).length > 0)
      call.setProblem({ sentence: `${serverProblem(error).sentence} ${T.fixFields}`, details: other });
  };

  return (
    <ActionDialog
      title={rule ? T.editRuleTitle(rule.name) : T.newRuleTitle}
      okText={rule ? T.save : T.create}
      ready={form.name.trim() !== ''}
      notReadyReason={T.needsRuleName}
      call={call}
      onOk={save}
      onCancel={onClose}
      width={760}
      intro={<RulePreview form={form} />}
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Field id="rule-name" label={T.name} problem={problems.name} required>
              <Input value={form.name} onChange={(e) => set({ name: e.target.value })} />
            </Field>
          </Col>
          <Col xs={12} md={6}>
            <Field id="rule-severity" label={T.severity} problem={problems.severity}>
              <Select
                value={form.severity}
                options={ALERT_SEVERITIES.map((s) => ({
                  value: s,
                  label: ALERT_SHARED_TEXTS.severityLabels[s],
                }))}
                onChange={(severity: AlertSeverity) => set({ severity })}
              />
            </Field>
          </Col>
          <Col xs={12} md={6}>
            <Field id="rule-enabled" label={T.enabled} problem={problems.enabled}>
              <Switch checked={form.enabled} onChange={(enabled) => set({ enabled })} />
            </Field>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Field id="rule-kind" label={T.kind} problem={problems.kind}>
              <Select
                value={form.kind}
                options={ALERT_RULE_KINDS.map((k) => ({ value: k, label: ALERT_RULE_KIND_LABELS[k] }))}
                onChange={(kind: AlertRuleKind) => setForm((now) => withKind(now, kind))}
              />
            </Field>
          </Col>
          <Col xs={12} md={6}>
            <Field id="rule-for" label={T.forMinutes} problem={problems.forMinutes}>
              <InputNumber
                min={0}
                precision={0}
                style={{ width: '100%' }}
                value={form.forMinutes}
                onChange={(v) => set({ forMinutes: v })}
              />
            </Field>
          </Col>
          {threshold && (
            <Col xs={12} md={6}>
              <Field
                id="rule-threshold"
                label={threshold.unit === 'percent' ? T.thresholdPercent : T.thresholdHours}
                problem={problems.threshold}
              >
                <InputNumber
                  min={0}
                  max={threshold.max}
                  style={{ width: '100%' }}
                  value={form.threshold}
                  onChange={(v) => set({ threshold: v })}
                />
              </Field>
            </Col>
          )}
        </Row>

        <Field
          id="rule-scope"
          label={T.scope}
          problem={problems.scopeKind}
          help={takesScope ? undefined : T.fleetOnly}
        >
          <Radio.Group
            aria-label={T.scope}
            value={form.scopeKind}
            disabled={!takesScope}
            onChange={(e) => set({ scopeKind: e.target.value as AlertScopeKind })}
            options={ALERT_SCOPE_KINDS.map((k) => ({ value: k, label: T.scopeKinds[k] }))}
          />
        </Field>
        {takesScope && form.scopeKind === 'view' && (
          <Field id="rule-view" label={T.savedView} problem={problems.viewId}>
            <SavedViewSelect value={form.viewId} onChange={(viewId) => set({ viewId })} />
          </Field>
        )}
        {takesScope && form.scopeKind === 'filters' && (
          <Row gutter={16}>
            {problems.filters && (
              <Col span={24}>
                <Typography.Text type="danger">{problems.filters}</Typography.Text>
              </Col>
            )}
            <Col xs={12} md={6}>
              <Field id="rule-filter-family" label={T.family}>
                <Select
                  allowClear
                  value={form.filters.filterFamily || undefined}
                  options={FAMILIES.map((f) => ({ value: f, label: f }))}
                  onChange={(value: Family | undefined) =>
                    set({ filters: { ...form.filters, filterFamily: value ?? '' } })
                  }
                />
              </Field>
            </Col>
            <Col xs={12} md={6}>
              <Field id="rule-filter-country" label={T.countryCode}>
                <Input
                  value={form.filters.filterCountryCode}
                  onChange={(e) => set({ filters: { ...form.filters, filterCountryCode: e.target.value } })}
                />
              </Field>
            </Col>
            <Col xs={12} md={6}>
              <Field id="rule-filter-version" label={T.softwareVersion}>
                <Input
                  value={form.filters.filterSoftwareVersion}
                  onChange={(e) =>
                    set({ filters: { ...form.filters, filterSoftwareVersion: e.target.value } })
                  }
                />
              </Field>
            </Col>
            <Col xs={12} md={6}>
              <Field id="rule-filter-serial" label={T.serialNumber}>
                <Input
                  value={form.filters.filterSerialNumber}
                  onChange={(e) => set({ filters: { ...form.filters, filterSerialNumber: e.target.value } })}
                />
              </Field>
            </Col>
          </Row>
        )}
        {takesScope && form.scopeKind === 'serials' && (
          <Field id="rule-serials" label={T.serials} problem={problems.serials} help={T.serialsHelp}>
            <Input.TextArea
              rows={3}
              value={form.serialsText}
              onChange={(e) => set({ serialsText: e.target.value })}
            />
          </Field>
        )}
        {offlineOptions && (
          <Form.Item
            validateStatus={problems.includeAlreadyOffline ? 'error' : undefined}
            help={problems.includeAlreadyOffline ?? T.includeAlreadyOfflineHelp}
          >
            <Checkbox
              checked={form.includeAlreadyOffline}
              onChange={(e) => set({ includeAlreadyOffline: e.target.checked })}
            >
              {T.includeAlreadyOffline}
            </Checkbox>
          </Form.Item>
        )}

        <ChannelFields
          which="notify"
          form={form}
          problems={problems}
          webhookOptions={webhookOptions}
          set={set}
        />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Field
              id="rule-remind"
              label={T.remindEvery}
              problem={problems.remindEveryMinutes}
              help={T.remindHelp}
            >
              <InputNumber
                min={1}
                precision={0}
                style={{ width: '100%' }}
                value={form.remindEveryMinutes}
                onChange={(v) => set({ remindEveryMinutes: v })}
              />
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field
              id="rule-escalate"
              label={T.escalateAfter}
              problem={problems.escalateAfterMinutes}
              help={T.escalateHelp}
            >
              <InputNumber
                min={1}
                precision={0}
                style={{ width: '100%' }}
                value={form.escalateAfterMinutes}
                onChange={(v) => set({ escalateAfterMinutes: v })}
              />
            </Field>
          </Col>
        </Row>
        <ChannelFields
          which="escalate"
          form={form}
          problems={problems}
          webhooksHelp={form.escalateAfterMinutes === null ? T.escalateChannelsHelp : undefined}
          webhookOptions={webhookOptions}
          set={set}
        />
        {offlineOptions && (
          <Row gutter={16}>
            <Col xs={12} md={8}>
              <Field id="rule-flap-drops" label={T.flappingDrops} problem={problems.flapping}>
                <InputNumber
                  min={1}
                  max={100}
                  precision={0}
                  style={{ width: '100%' }}
                  value={form.flappingDrops}
                  onChange={(v) => set({ flappingDrops: v })}
                />
              </Field>
            </Col>
            <Col xs={12} md={8}>
              <Field id="rule-flap-window" label={T.flappingWindow}>
                <InputNumber
                  min={1}
                  precision={0}
                  style={{ width: '100%' }}
                  value={form.flappingWindowMinutes}
                  onChange={(v) => set({ flappingWindowMinutes: v })}
                />
              </Field>
            </Col>
          </Row>
        )}
      </Form>
    </ActionDialog>
  );
}
