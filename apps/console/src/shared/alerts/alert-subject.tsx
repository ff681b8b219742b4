import { Link } from 'react-router';
import type { AlertSubject } from '@equipment-dashboard/contract';
import { ALERT_SHARED_TEXTS as T } from './texts';

/**
 * Where an alert's subject is shown: a unit in the equipment list's detail dialog, a rollout on its own page, a
 * ticket in the Support Tickets list (its unit's tickets), a service on the dashboard's panel. A scope-wide alert
 * (connected share) has no single place: null.
 */
export function subjectPath(subject: AlertSubject): string | null {
  if (subject.serialNumber !== undefined && subject.ticketId === undefined)
    return `/Aligners?serial=${encodeURIComponent(subject.serialNumber)}`;
  if (subject.rolloutId !== undefined) return `/Rollouts/${subject.rolloutId}`;
  if (subject.ticketId !== undefined) {
    return subject.serialNumber === undefined
      ? '/SupportTickets'
      : `/SupportTickets?filterSerialNumber=${encodeURIComponent(subject.serialNumber)}`;
  }
  if (subject.service !== undefined) return '/';
  return null;
}

/** An alert's subject in words: the serial, the service, the rollout or ticket, or the rule's units. */
export function subjectText(subject: AlertSubject): string {
  if (subject.ticketId !== undefined) return T.ticket(subject.ticketId);
  if (subject.serialNumber !== undefined) return T.unit(subject.serialNumber);
  if (subject.rolloutId !== undefined) return T.rollout(subject.rolloutId);
  if (subject.service !== undefined) return T.service(subject.service);
  return T.scope(subject.connectedPercent);
}

/** An alert's subject as a link to where it is shown (plain text when it has no such place). */
export function AlertSubjectLink({ subject, onFollow }: { subject: AlertSubject; onFollow?: () => void }) {
  const path = subjectPath(subject);
  const text = subjectText(subject);
  return path === null ? (
    <span>{text}</span>
  ) : (
    <Link to={path} onClick={onFollow}>
      {text}
    </Link>
  );
}
