import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { TabbedScreen } from '../../shared/back-office/screen-card';
import { selectUser } from '../../shared/session/session-slice';
import { AlertList } from './alert-list';
import { RulesTab } from './rules-tab';
import { SilencesTab } from './silences-tab';
import { WebhooksTab } from './webhooks-tab';
import { ALERTS_TEXTS as T } from './texts';

/**
 * Alerts (/Alerts): the alerts by state (Firing, Acknowledged, Resolved, Silenced; the open ones grouped by rule and
 * place when a rule has more than a page of them), the rules, the silences and the webhooks, each tab in the URL. Every signed-in role but guest sees it; acknowledge and resolve, rules and
 * webhooks, silences each go with their permission (the server refuses the others too). Changes arrive by the
 * live channel (ALERT_UPDATED), so nothing polls.
 */
export function AlertsPage() {
  const role = useAppSelector(selectUser)?.role;
  if (!can(role, PERMISSIONS.viewAlerts)) return <NoAccess title={T.title} message={T.noAccess} />;
  const mayAct = can(role, PERMISSIONS.acknowledgeAlerts);
  const maySilence = can(role, PERMISSIONS.manageSilences);
  return (
    <TabbedScreen
      title={T.title}
      tabs={[
        {
          key: 'firing',
          label: T.tabs.firing,
          children: <AlertList state="firing" mayAct={mayAct} maySilence={maySilence} />,
        },
        {
          key: 'acknowledged',
          label: T.tabs.acknowledged,
          children: <AlertList state="acknowledged" mayAct={mayAct} maySilence={maySilence} />,
        },
        { key: 'resolved', label: T.tabs.resolved, children: <AlertList state="resolved" mayAct={mayAct} /> },
        {
          key: 'silenced',
          label: T.tabs.silenced,
          children: <AlertList state="silenced" mayAct={mayAct} maySilence={maySilence} />,
        },
        {
          key: 'rules',
          label: T.tabs.rules,
          children: <RulesTab manage={can(role, PERMISSIONS.manageAlertRules)} />,
        },
        {
          key: 'silences',
          label: T.tabs.silences,
          children: <SilencesTab manage={can(role, PERMISSIONS.manageSilences)} />,
        },
        {
          key: 'webhooks',
          label: T.tabs.webhooks,
          children: <WebhooksTab manage={can(role, PERMISSIONS.manageAlertRules)} />,
        },
      ]}
    />
  );
}
