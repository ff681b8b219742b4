import { alertSubjectText, type Alert } from '@equipment-dashboard/contract';
import { groupedSubjects, groupedTitle, type AlertEvent, type AlertKind } from '@equipment-dashboard/domain';

/** Alerts a message carries in full (the count and the link say the rest). */
export const MESSAGE_ALERTS_MAX = 100;

/** The outbox events and the webhook event each goes out as (reminders and escalations are still firing alerts). */
export const WEBHOOK_EVENT_OF = {
  firing: 'alert.firing',
  reminder: 'alert.firing',
  escalation: 'alert.firing',
  resolved: 'alert.resolved',
  acknowledged: 'alert.acknowledged',
} as const;
/** An outbox event. */
export type OutboxEvent = keyof typeof WEBHOOK_EVENT_OF;

export function isOutboxEvent(event: string): event is OutboxEvent {
  return Object.hasOwn(WEBHOOK_EVENT_OF, event);
}

/** One grouped message: what every channel of the rule is told about some alerts of one rule and event. */
export interface AlertMessage {
  title: string;
  /** The webhook body: the exact bytes every attempt sends (and signs). */
  payload: string;
  /** The mail's text. */
  text: string;
}

const subjectOf = (a: Alert): string => alertSubjectText(a.subject, 'the scope');

/**
 * The message of a group of alerts (`count` of them, the first of which `alerts` holds): "37 units offline in US
 * aligners" with the first serials and a link to the Alerts screen; reminders and escalations say so in the title
 * and the body's `notification` field. `summary` is what the alerts' place says ("4,700 of 4,800 units in the
 * United States went offline within 2 minutes: a regional cause is likely"), in the body and below the mail's title.
 */
export function alertMessage(
  rule: { id: number; name: string; kind: string; severity: string },
  event: OutboxEvent,
  group: { count: number; alerts: readonly Alert[]; summary?: string | null },
  publicUrl: string,
  sentAt: Date,
): AlertMessage {
  const { count, alerts } = group;
  const summary = group.summary ?? null;
  const kind = (alerts[0]?.kind ?? rule.kind) as AlertKind;
  const base = groupedTitle(
    kind,
    count,
    rule.name,
    event === 'resolved' || event === 'acknowledged' ? (event as AlertEvent) : 'firing',
  );
  const title =
    event === 'reminder' ? `Reminder: ${base}` : event === 'escalation' ? `Escalated: ${base}` : base;
  const link = `${publicUrl}/Alerts?ruleId=${rule.id}`;
  const subjects = groupedSubjects(alerts.map(subjectOf), undefined, count);
  const payload = JSON.stringify({
    event: WEBHOOK_EVENT_OF[event],
    notification: event,
    title,
    summary,
    rule: { id: rule.id, name: rule.name, kind: rule.kind, severity: rule.severity },
    count,
    alerts: alerts.slice(0, MESSAGE_ALERTS_MAX),
    more: Math.max(0, count - Math.min(alerts.length, MESSAGE_ALERTS_MAX)),
    link,
    sentAt: sentAt.toISOString(),
  });
  const lines = [
    title,
    ...(summary ? ['', summary] : []),
    '',
    `Rule: ${rule.name} (${rule.severity})`,
    `${count === 1 ? 'Subject' : 'Subjects'}: ${subjects}`,
    ...alerts
      .slice(0, 10)
      .flatMap((a) => [
        `- ${a.summary}${a.cause ? ` (${a.cause})` : ''}${a.comment ? ` — ${a.acknowledgedBy}: ${a.comment}` : ''}`,
      ]),
    '',
    `Open the alerts: ${link}`,
  ];
  return { title, payload, text: lines.join('\n') };
}
