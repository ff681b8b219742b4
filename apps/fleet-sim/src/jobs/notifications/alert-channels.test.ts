import { sql } from 'drizzle-orm';
import { rowsOf } from '../../store/repos/feed-repo';
import { alertNotifications, alerts } from '../../store/schema';
import { notifierOf } from '../../test/alert-helpers';
import { SmtpReceiver } from '../../test/smtp-receiver';
import { useTestServer } from '../../test/test-server';
import { WebhookReceiver } from '../../test/webhook-receiver';
import { AlertNotifier } from './alert-notifier';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface DeliveryRow {
  id: string;
  channel: string;
  webhook_id: number | null;
  recipients: string[] | null;
  event: string;
  title: string;
  payload: string;
  state: string;
  attempts: number;
  last_response: string | null;
  created_at: string | Date;
}

const EMAIL_DOMAIN = 'equipment-dashboard.example';
const mailOf = (username: string) => `${username}@${EMAIL_DOMAIN}`;

describe('alert notifications: mail, recipients, reminders and escalation, grouping', () => {
  const smtp = new SmtpReceiver();
  const env: Record<string, string> = { ALERT_RETRY_BASE_SECONDS: '0.2' };
  // Before the server starts: it mails through this receiver (SMTP_URL).
  beforeAll(async () => {
    await smtp.listen();
    env['SMTP_URL'] = smtp.url;
  });
  afterAll(() => smtp.close());
  const t = useTestServer({ users: ['admin', 'engineer', 'support', 'support_lvl2'], env });

  // A webhook receiver that accepts everything.
  const hooks = new WebhookReceiver();
  beforeAll(() => hooks.listen());
  afterAll(() => hooks.close());

  const db = () => t.server.deps.db;
  const deliveries = async (where: ReturnType<typeof sql>) =>
    rowsOf<DeliveryRow>(
      await db().execute(sql`SELECT * FROM alert_deliveries WHERE ${where} ORDER BY created_at, id`),
    );

  async function webhook(name: string): Promise<number> {
    const res = await t
      .as('admin')
      .post('/create/webhook/v1')
      .send({ name, url: `${hooks.url}?${name}` });
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  }

  async function rule(fields: Record<string, unknown>): Promise<number> {
    const res = await t
      .as('admin')
      .post('/create/alert_rule/v1')
      .send({ kind: 'unitOffline', forMinutes: 5, ...fields });
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  }

  /** Firing alerts of a rule on made-up units, written straight to the store (no evaluator needed). */
  async function firingAlerts(
    ruleId: number,
    ruleName: string,
    severity: string,
    serials: readonly string[],
  ): Promise<number[]> {
    const now = new Date();
    const rows = await db()
      .insert(alerts)
      .values(
        serials.map((serialNumber) => ({
          ruleId,
          ruleName,
          kind: 'unitOffline',
          severity,
          subjectKey: `unit:${serialNumber}`,
          subject: { serialNumber, family: 'aligner' },
          serialNumber,
          family: 'aligner',
          state: 'firing',
          summary: `Unit ${serialNumber} offline`,
          startedAt: now,
          firedAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: alerts.id });
    return rows.map((r) => r.id);
  }

  const notify = (ruleId: number, alertIds: readonly number[], event: string) =>
    db()
      .insert(alertNotifications)
      .values(alertIds.map((alertId) => ({ ruleId, alertId, event })));

  it('when the mail server refuses twice and then accepts, then one mail goes out through SMTP, retried as one delivery', async () => {
    const ruleId = await rule({
      name: 'Night shift',
      severity: 'warning',
      channels: { email: ['night@example.com'] },
    });
    const [alertId] = await firingAlerts(ruleId, 'Night shift', 'warning', ['MAIL00001']);
    smtp.refuse = 2;
    await notify(ruleId, [alertId ?? 0], 'firing');
    notifierOf(t).wake();

    await until(() => smtp.mails.some((m) => m.to.includes('night@example.com')));
    const [mail] = smtp.mails.filter((m) => m.to.includes('night@example.com'));
    expect(smtp.refused).toBe(2);
    // Warning is nobody's default: the rule's own address only.
    expect(mail?.to).toEqual(['night@example.com']);
    expect(mail?.data).toContain('Subject: 1 unit offline in Night shift');
    expect(mail?.data).toContain(`/Alerts?ruleId=${ruleId}`);
    await until(
      async () => (await deliveries(sql`title = '1 unit offline in Night shift'`))[0]?.state === 'delivered',
    );
    const rows = await deliveries(sql`title = '1 unit offline in Night shift'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', attempts: 3, recipients: ['night@example.com'] });
    expect(rows[0]?.last_response).toMatch(/mailed/);
  });

  it('when users chose severities, muted mail or may not see alerts, then the mail reaches only those who opted in and are not muted', async () => {
    // engineer: minor chosen; support_lvl2: minor chosen but muted; support: the default (critical, major);
    // admin: minor chosen, muted until a minute ago (over); guest and an inactive support user: minor chosen.
    expect(
      (
        await t
          .as('engineer')
          .post('/update/alert_preferences/v1')
          .send({ emailSeverities: ['critical', 'minor'] })
      ).status,
    ).toBe(200);
    expect(
      (
        await t
          .as('support_lvl2')
          .post('/update/alert_preferences/v1')
          .send({ emailSeverities: ['minor'], muteMinutes: 60 })
      ).status,
    ).toBe(200);
    expect(
      (
        await t
          .as('admin')
          .post('/update/alert_preferences/v1')
          .send({ emailSeverities: ['minor'] })
      ).status,
    ).toBe(200);
    await db().execute(
      sql`UPDATE alert_preferences SET muted_until = now() - interval '1 minute' WHERE username = 'admin'`,
    );
    await db().execute(sql`
      INSERT INTO alert_preferences (username, email_severities) VALUES ('guest', ARRAY['minor']), ('kmiller', ARRAY['minor'])
      ON CONFLICT (username) DO UPDATE SET email_severities = excluded.email_severities`);
    const ruleId = await rule({
      name: 'Minor trouble',
      severity: 'minor',
      channels: { email: ['desk@example.com'] },
    });
    const ids = await firingAlerts(ruleId, 'Minor trouble', 'minor', ['PREF00001', 'PREF00002']);
    await notify(ruleId, ids, 'firing');
    notifierOf(t).wake();

    await until(() => smtp.mails.some((m) => m.data.includes('Subject: 2 units offline in Minor trouble')));
    const [mail] = smtp.mails.filter((m) => m.data.includes('Subject: 2 units offline in Minor trouble'));
    expect([...(mail?.to ?? [])].sort()).toEqual(
      ['desk@example.com', mailOf('admin'), mailOf('engineer')].sort(),
    );
    const rows = await deliveries(sql`title = '2 units offline in Minor trouble'`);
    expect(rows).toHaveLength(1);
  });

  it('when a reminder and an escalation of an alert are due, then the reminder goes to the rule channels and the escalation also to the second ones', async () => {
    const first = await webhook('first-line');
    const second = await webhook('second-line');
    const ruleId = await rule({
      name: 'Lab units',
      severity: 'warning',
      channels: { email: ['lab@example.com'], webhookIds: [first] },
      remindEveryMinutes: 30,
      escalateAfterMinutes: 60,
      escalateTo: { email: ['lead@example.com'], webhookIds: [second] },
    });
    const [alertId] = await firingAlerts(ruleId, 'Lab units', 'warning', ['LAB000001']);
    await notify(ruleId, [alertId ?? 0], 'reminder');
    await notify(ruleId, [alertId ?? 0], 'escalation');
    notifierOf(t).wake();

    await until(
      async () => (await deliveries(sql`title LIKE '%in Lab units' AND state = 'delivered'`)).length === 5,
    );
    const reminder = await deliveries(sql`title = 'Reminder: 1 unit offline in Lab units'`);
    const escalation = await deliveries(sql`title = 'Escalated: 1 unit offline in Lab units'`);
    expect(reminder.map((d) => d.webhook_id ?? d.recipients)).toEqual(
      expect.arrayContaining([first, ['lab@example.com']]),
    );
    expect(reminder).toHaveLength(2);
    expect(escalation).toHaveLength(3);
    expect(
      escalation
        .filter((d) => d.channel === 'webhook')
        .map((d) => d.webhook_id)
        .sort(),
    ).toEqual([first, second].sort());
    expect(escalation.find((d) => d.channel === 'email')?.recipients?.sort()).toEqual([
      'lab@example.com',
      'lead@example.com',
    ]);
    // Both are still firing alerts to a receiver, each saying which notification it is.
    for (const [rows, notification] of [
      [reminder, 'reminder'],
      [escalation, 'escalation'],
    ] as const) {
      const hook = rows.find((d) => d.channel === 'webhook');
      expect(hook?.event).toBe('alert.firing');
      expect(JSON.parse(hook?.payload ?? '{}')).toMatchObject({
        event: 'alert.firing',
        notification,
        count: 1,
        rule: { id: ruleId },
      });
    }
    expect(
      smtp.mails
        .filter((m) => m.data.includes('Subject: Escalated: 1 unit offline in Lab units'))[0]
        ?.to.sort(),
    ).toEqual(['lab@example.com', 'lead@example.com']);
  });

  it('when 70,000 alerts of one rule fire together, then one message counts them all and carries the first hundred', async () => {
    // More alerts than a statement may bind parameters (65,535): the group must not be read one parameter per alert.
    const hook = await webhook('storm');
    const ruleId = await rule({
      name: 'Storm',
      severity: 'warning',
      channels: { email: ['storm@example.com'], webhookIds: [hook] },
    });
    await db().execute(sql`
      INSERT INTO alerts (rule_id, rule_name, kind, severity, subject_key, subject, serial_number, family, state, summary, started_at, fired_at, updated_at)
      SELECT ${ruleId}, 'Storm', 'unitOffline', 'warning', 'unit:ST' || lpad(g::text, 7, '0'),
             jsonb_build_object('serialNumber', 'ST' || lpad(g::text, 7, '0'), 'family', 'aligner'), 'ST' || lpad(g::text, 7, '0'),
             'aligner', 'firing', 'Unit ST' || lpad(g::text, 7, '0') || ' offline', now(), now(), now()
      FROM generate_series(1, 70000) g`);
    await db().execute(
      sql`INSERT INTO alert_notifications (rule_id, alert_id, event) SELECT rule_id, id, 'firing' FROM alerts WHERE rule_id = ${ruleId}`,
    );
    notifierOf(t).wake();

    await until(
      async () =>
        (await deliveries(sql`title = '70,000 units offline in Storm' AND state = 'delivered'`)).length === 2,
      40_000,
    );
    const rows = await deliveries(sql`title LIKE '%in Storm'`);
    expect(rows).toHaveLength(2);
    const body = JSON.parse(rows.find((d) => d.channel === 'webhook')?.payload ?? '{}') as {
      count: number;
      alerts: { subject: { serialNumber: string } }[];
      more: number;
    };
    expect(body.count).toBe(70_000);
    expect(body.alerts).toHaveLength(100);
    expect(body.alerts[0]?.subject.serialNumber).toBe('ST0000001');
    expect(body.more).toBe(69_900);
    expect(rows.find((d) => d.channel === 'email')?.payload).toContain('ST0000010 and 69,990 more');
    const scraped = (await t.http.get('/metrics')).text;
    expect(scraped).toMatch(/fleet_alert_messages_total\{event="firing"[^}]*\} [1-9]/);
    expect(scraped).toMatch(
      /fleet_webhook_deliveries_total\{channel="webhook",outcome="delivered"[^}]*\} [1-9]/,
    );
    const left = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM alert_notifications WHERE rule_id = ${ruleId} AND message_id IS NULL`,
      ),
    );
    expect(left[0]?.n).toBe(0);
  }, 90_000);

  it('when alerts of a rule keep firing, then the first message waits a moment for the others and later ones are batched for the rest of the window', async () => {
    // A notifier with a short delay and window, in place of the server's (the same lease: one at a time).
    await notifierOf(t).stop();
    const notifier = new AlertNotifier(t.server.deps, {
      everyMs: 50,
      groupDelayMs: 600,
      groupWindowMs: 3_000,
    }).start();
    try {
      const ruleId = await rule({
        name: 'Batched',
        severity: 'warning',
        channels: { email: ['batch@example.com'] },
      });
      const early = await firingAlerts(ruleId, 'Batched', 'warning', ['BATCH0001', 'BATCH0002', 'BATCH0003']);
      const start = Date.now();
      await notify(ruleId, early.slice(0, 1), 'firing');
      await new Promise((r) => setTimeout(r, 200));
      await notify(ruleId, early.slice(1), 'firing');
      const messages = () => deliveries(sql`title LIKE '%in Batched'`);
      await until(async () => (await messages()).length === 1);
      expect(Date.now() - start).toBeGreaterThanOrEqual(600);
      expect((await messages())[0]?.title).toBe('3 units offline in Batched');

      // Two more fire soon after the first message: they wait for the window's end, together.
      const late = await firingAlerts(ruleId, 'Batched', 'warning', ['BATCH0004', 'BATCH0005']);
      await notify(ruleId, late.slice(0, 1), 'firing');
      await new Promise((r) => setTimeout(r, 800));
      expect(await messages()).toHaveLength(1);
      await notify(ruleId, late.slice(1), 'firing');
      await until(async () => (await messages()).length === 2);
      const [one, two] = await messages();
      expect(two?.title).toBe('2 units offline in Batched');
      expect(
        new Date(two?.created_at ?? 0).getTime() - new Date(one?.created_at ?? 0).getTime(),
      ).toBeGreaterThanOrEqual(2_900);
      // Other rules' groups (the evaluator resolving the earlier tests' made-up units) count too.
      expect(notifier.stats.messages).toBeGreaterThanOrEqual(2);
    } finally {
      await notifier.stop();
    }
  });
});
