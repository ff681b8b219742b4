import { setImmediate as turn } from 'node:timers/promises';
import { notificationsDue } from '@equipment-dashboard/domain';
import {
  alertsDueReminder,
  recordAlertChanges,
  writeAlerts,
  type AlertChange,
  type AlertRow,
} from '../../store/repos/alerts-repo';
import type { Db } from '../../store/database';
import type { JobLease } from '../job-lease';
import type { RuleState } from './alert-book';

/**
 * Reminders and the escalation of a rule's firing, unacknowledged alerts (libs/domain notificationsDue): outbox rows
 * 'reminder' and 'escalation', with the alert's last reminder and escalation times, in one fenced transaction per
 * batch. The alerts' states do not change. Answers how many alerts were reminded or escalated.
 */
export async function remind(lease: JobLease, db: Db, rule: RuleState, now: number): Promise<number> {
  const remindMs = rule.remindEveryMinutes ? rule.remindEveryMinutes * 60_000 : null;
  const escalateMs = rule.escalateAfterMinutes ? rule.escalateAfterMinutes * 60_000 : null;
  if (!remindMs && !escalateMs) return 0;
  let done = 0;
  for (;;) {
    const written = await lease.write(async (tx) => {
      const due = await alertsDueReminder(tx, rule.id, new Date(now), remindMs, escalateMs);
      const rows: AlertRow[] = [];
      const changes: AlertChange[] = [];
      for (const row of due) {
        const verdict = notificationsDue(
          {
            firedAt: row.firedAt?.getTime() ?? now,
            lastRemindedAt: row.lastRemindedAt?.getTime() ?? null,
            escalatedAt: row.escalatedAt?.getTime() ?? null,
          },
          rule,
          now,
        );
        const after: AlertRow = { ...row };
        if (verdict.remind) {
          after.lastRemindedAt = new Date(now);
          changes.push({ before: row, after, by: 'reminder', notify: 'reminder', event: false });
        }
        if (verdict.escalate) {
          after.escalatedAt = new Date(now);
          changes.push({ before: row, after, by: 'escalation', notify: 'escalation', event: false });
        }
        if (verdict.remind || verdict.escalate) rows.push(after);
      }
      await writeAlerts(tx, rows);
      await recordAlertChanges(tx, changes);
      return { due: due.length, rows: rows.length };
    });
    done += written.rows;
    // A batch that changed fewer than it read ends it (the rest were not due after all).
    if (written.due === 0 || written.rows < written.due) return done;
    await turn();
  }
}
