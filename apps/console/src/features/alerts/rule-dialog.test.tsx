import { screen, waitFor, within } from '@testing-library/react';
import { exampleAlertRule, exampleSavedView, exampleWebhook } from '@equipment-dashboard/contract/testing';
import { openScreen } from '../../shared/testing/render-screen';
import { findDialog } from '../../shared/testing/dialogs';
import { json, type StubHandler } from '../../test/fetch-stub';
import { AlertsPage } from './alerts-page';
import { fieldProblems, ruleBody, EMPTY_RULE_FORM, withKind } from './rule-form';

function openRules(role: 'engineer' | 'support', routes: Record<string, StubHandler> = {}) {
  return openScreen('/Alerts?tab=rules', <AlertsPage />, role, {
    '/read/alert_rules/v1/': { docs: [], totalDocs: 0 },
    '/read/saved_views/v1': [exampleSavedView],
    '/read/webhooks/v1/': [exampleWebhook],
    'POST /read/alert_rule_preview/v1': {
      wouldFire: 37,
      alreadyOffline: 12,
      inScope: 410,
      subjects: ['AX1AS0001', 'AX1AS0002'],
    },
    ...routes,
  });
}

async function openNewRule(user: ReturnType<typeof openRules>['user']) {
  await user.click(await screen.findByRole('button', { name: /New rule/ }));
  return findDialog('New rule');
}

describe('the rule editor', () => {
  it('when a unit offline rule is scoped to a saved view, then the preview asks with the form and shows what would fire and the units already offline', async () => {
    const { user, stub } = openRules('engineer');
    const dialog = await openNewRule(user);
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('US aligners offline');
    await user.click(within(dialog).getByRole('radio', { name: 'Saved view' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByTitle('US aligners'));

    expect(
      await within(dialog).findByText('Would fire now: 37', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Already offline: 12 (fire only with Include units already offline)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Units in scope: 410')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await stub.callsTo('/read/alert_rule_preview/v1').at(-1)?.json()).toMatchObject({
        name: 'US aligners offline',
        kind: 'unitOffline',
        scope: { kind: 'view', viewId: 3 },
        forMinutes: 5,
        includeAlreadyOffline: false,
      }),
    );
    // The form rests before it asks: not once per change (name, scope, view each changed it).
    expect(stub.callsTo('/read/alert_rule_preview/v1').length).toBeLessThan(4);
  });

  it('when the new rule has no name yet, then Create is disabled and says why; with a name it is enabled', async () => {
    const { user } = openRules('engineer');
    const dialog = await openNewRule(user);
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Give the rule a name first.');
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Give the rule a name first.');
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('US aligners offline');
    expect(create).toBeEnabled();
    expect(create).not.toHaveAccessibleDescription();
  });

  it('when the server refuses the rule with 400, then each detail shows on its field', async () => {
    const { user, stub } = openRules('engineer', {
      'POST /create/alert_rule/v1': json(400, {
        error: 'The rule is not valid.',
        details: [
          { path: 'channels.email.0', message: 'Invalid email address' },
          { path: 'escalateTo', message: 'Escalation needs a second channel (an address or a webhook).' },
          { path: 'name', message: 'A rule with this name exists.' },
        ],
      }),
    });
    const dialog = await openNewRule(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Offline');
    await user.type(within(dialog).getByLabelText('E-mail addresses'), 'oncall@');
    await user.type(within(dialog).getByLabelText('Escalate after (minutes)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(stub.callsTo('/create/alert_rule/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/alert_rule/v1')[0]?.json()).toMatchObject({
      name: 'Offline',
      channels: { email: ['oncall@'], webhookIds: [] },
      escalateAfterMinutes: 30,
      escalateTo: { email: [], webhookIds: [] },
    });
    const itemOf = (label: string) =>
      within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement;
    expect(await within(itemOf('E-mail addresses')).findByText('Invalid email address')).toBeInTheDocument();
    expect(
      within(itemOf('Escalate to e-mail addresses')).getByText(/Escalation needs a second channel/),
    ).toBeInTheDocument();
    expect(within(itemOf('Name')).getByText('A rule with this name exists.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The rule is not valid.');
  });

  it('when the new rule form opens, then the escalation offers its channels (the webhooks and addresses) beside its minutes, and the rule escalates to the one picked', async () => {
    const { user, stub } = openRules('engineer', {
      'POST /create/alert_rule/v1': () => json(201, exampleAlertRule(9, { name: 'Offline' })),
    });
    const dialog = await openNewRule(user);
    expect(within(dialog).getByText(/the escalation channels below are told too/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Escalate to e-mail addresses')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Escalate to webhooks'));
    await user.click(await screen.findByTitle('Pager'));
    await user.type(within(dialog).getByLabelText('Name'), 'Offline');
    await user.type(within(dialog).getByLabelText('Escalate after (minutes)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/alert_rule/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/alert_rule/v1')[0]?.json()).toMatchObject({
      escalateAfterMinutes: 30,
      escalateTo: { email: [], webhookIds: [1] },
    });
  });

  it('when a connected share rule is chosen, then it takes a threshold in percent and the whole fleet only', async () => {
    const { user } = openRules('engineer');
    const dialog = await openNewRule(user);
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByTitle('Connected share below threshold'));
    expect(within(dialog).getByLabelText('Threshold (% of the units connected)')).toHaveValue('90');
    // The first list closes with an animation that takes no clicks meanwhile.
    await waitFor(() =>
      expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull(),
    );
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByTitle('Service down'));
    expect(within(dialog).queryByLabelText(/Threshold/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Saved view' })).toBeDisabled();
    expect(within(dialog).queryByText('Include units already offline')).not.toBeInTheDocument();
  });

  it('when an engineer edits a rule, then the dialog holds its fields and Save sends them with its id', async () => {
    const rule = exampleAlertRule(7, {
      name: 'Gateways',
      kind: 'serviceDown',
      severity: 'critical',
      channels: { email: ['ops@example.com'], webhookIds: [1] },
    });
    const { user, stub } = openRules('engineer', {
      '/read/alert_rules/v1/': { docs: [rule], totalDocs: 1 },
      'POST /update/alert_rule/v1': () => json(200, rule),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Gateways' }));
    const dialog = await findDialog('Edit rule Gateways');
    expect(within(dialog).getByLabelText('E-mail addresses')).toHaveValue('ops@example.com');
    await user.clear(within(dialog).getByLabelText('For (minutes)'));
    await user.type(within(dialog).getByLabelText('For (minutes)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo('/update/alert_rule/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/alert_rule/v1')[0]?.json()).toMatchObject({
      id: 7,
      name: 'Gateways',
      kind: 'serviceDown',
      severity: 'critical',
      scope: { kind: 'fleet' },
      forMinutes: 2,
      channels: { email: ['ops@example.com'], webhookIds: [1] },
    });
  });
});

describe('rule form rules', () => {
  it('when a problem path names a field, then it lands there; others are kept apart', () => {
    expect(
      fieldProblems([
        { path: 'scope.viewId', message: 'Required for a saved view scope.' },
        { path: 'threshold', message: 'Too high.' },
        { path: '(root)', message: 'Odd.' },
      ]),
    ).toEqual({
      byField: { viewId: 'Required for a saved view scope.', threshold: 'Too high.' },
      other: ['Odd.'],
    });
  });

  it('when the kind changes, then the fields it does not take are left out of the body', () => {
    const offline = {
      ...EMPTY_RULE_FORM,
      name: 'x',
      scopeKind: 'serials' as const,
      serialsText: 'A1, A2\nA3',
      includeAlreadyOffline: true,
    };
    expect(ruleBody(offline)).toMatchObject({
      scope: { kind: 'serials', serials: ['A1', 'A2', 'A3'] },
      includeAlreadyOffline: true,
      flapping: { drops: 3, windowMinutes: 30 },
    });
    const tickets = ruleBody(withKind(offline, 'ticketsUnanswered'));
    expect(tickets).toMatchObject({ scope: { kind: 'fleet' }, includeAlreadyOffline: false, threshold: 4 });
    expect(tickets.flapping).toBeUndefined();
  });
});
