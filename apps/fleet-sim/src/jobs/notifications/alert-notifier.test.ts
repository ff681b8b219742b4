import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../store/repos/feed-repo';
import { alertNotifications, alerts } from '../../store/schema';
import { notifierOf } from '../../test/alert-helpers';
import { useTestServer } from '../../test/test-server';
import { WebhookReceiver } from '../../test/webhook-receiver';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hmac = (secret: string, body: Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('alert notifications', () => {
  const t = useTestServer({ users: ['admin', 'support'], env: { ALERT_RETRY_BASE_SECONDS: '0.2' } });
  const receiver = new WebhookReceiver();

  beforeAll(() => receiver.listen());
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.got.length = 0;
    receiver.answers = [];
  });

  it('when a receiver answers 500 twice and then 200, then one signed delivery is retried with the same id until accepted, and logged', async () => {
    const created = await t
      .as('admin')
      .post('/create/webhook/v1')
      .send({ name: 'receiver', url: receiver.url });
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: number; secret: string };
    receiver.answers = [500, 500, 200];

    const test = await t.as('admin').post('/create/webhook_test/v1').send({ id });
    expect(test.status).toBe(201);
    notifierOf(t).wake();
    await until(() => receiver.got.length >= 3);

    expect(receiver.got).toHaveLength(3);
    expect(new Set(receiver.got.map((g) => g.delivery))).toEqual(new Set([(test.body as { id: string }).id]));
    for (const got of receiver.got) {
      expect(got.event).toBe('test');
      expect(got.signature).toBe(hmac(secret, got.body));
    }
    await until(async () => {
      const log = await t.as('admin').get(`/read/webhook_deliveries/v1/?webhookId=${id}`);
      return (log.body as { docs: { state: string }[] }).docs[0]?.state === 'delivered';
    });
    const log = await t.as('admin').get(`/read/webhook_deliveries/v1/?webhookId=${id}`);
    expect((log.body as { docs: unknown[] }).docs[0]).toMatchObject({
      state: 'delivered',
      attempts: 3,
      lastStatus: 200,
      lastResponse: 'thanks',
    });
  });

  it('when 37 alerts of one rule fire together, then one grouped message goes to each channel, never one per unit', async () => {
    const db = t.server.deps.db;
    const hook = await t.as('admin').post('/create/webhook/v1').send({ name: 'grouped', url: receiver.url });
    const { id: webhookId, secret } = hook.body as { id: number; secret: string };
    // support mutes e-mail; admin keeps the default severities (critical, major).
    await t.as('support').post('/update/alert_preferences/v1').send({ muteMinutes: 60 });
    const rule = await t
      .as('admin')
      .post('/create/alert_rule/v1')
      .send({
        name: 'US aligners',
        kind: 'unitOffline',
        severity: 'major',
        channels: { email: ['ops@example.com'], webhookIds: [webhookId] },
      });
    expect(rule.status).toBe(201);
    const ruleId = (rule.body as { id: number }).id;
    const now = new Date();
    const inserted = await db
      .insert(alerts)
      .values(
        Array.from({ length: 37 }, (_, i) => ({
          ruleId,
          ruleName: 'US aligners',
          kind: 'unitOffline',
          severity: 'major',
          subjectKey: `unit:US${String(i).padStart(5, '0')}`,
          subject: { serialNumber: `US${String(i).padStart(5, '0')}`, family: 'aligner' },
          serialNumber: `US${String(i).padStart(5, '0')}`,
          family: 'aligner',
          state: 'firing',
          summary: `Unit US${String(i).padStart(5, '0')} offline`,
          startedAt: now,
          firedAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: alerts.id });
    await db
      .insert(alertNotifications)
      .values(inserted.map((a) => ({ ruleId, alertId: a.id, event: 'firing' })));

    notifierOf(t).wake();
    await until(() => receiver.got.length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.got).toHaveLength(1);
    const [message] = receiver.got;
    expect(message?.event).toBe('alert.firing');
    expect(message?.signature).toBe(hmac(secret, message?.body ?? Buffer.alloc(0)));
    const body = JSON.parse(message?.body.toString('utf8') ?? '{}') as {
      title: string;
      count: number;
      alerts: unknown[];
      link: string;
    };
    expect(body.title).toBe('37 units offline in US aligners');
    expect(body.count).toBe(37);
    expect(body.alerts).toHaveLength(37);
    expect(body.link).toMatch(new RegExp(`/Alerts\\?ruleId=${ruleId}$`));

    const mails = rowsOf<{ recipients: string[]; title: string }>(
      await db.execute(
        sql`SELECT recipients, title FROM alert_deliveries WHERE channel = 'email' AND title = '37 units offline in US aligners'`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipients).toContain('ops@example.com');
    const users = rowsOf<{ username: string; email: string }>(
      await db.execute(sql`SELECT username, email FROM users WHERE username IN ('admin', 'support')`),
    );
    const email = (name: string) => users.find((u) => u.username === name)?.email;
    expect(mails[0]?.recipients).toContain(email('admin'));
    expect(mails[0]?.recipients).not.toContain(email('support'));
    await until(() => {
      const outbox = join(t.server.deps.config.DATA_DIR, 'outbox');
      return readdirSync(outbox).some((f) =>
        readFileSync(join(outbox, f), 'utf8').includes('37 units offline in US aligners'),
      );
    });
    await t.as('support').post('/update/alert_preferences/v1').send({ muteMinutes: 0 });
  });

  it('when an alert is escalated, then its message also reaches the second channel, titled as an escalation', async () => {
    const db = t.server.deps.db;
    const first = await t
      .as('admin')
      .post('/create/webhook/v1')
      .send({ name: 'first', url: `${receiver.url}?first` });
    const second = await t
      .as('admin')
      .post('/create/webhook/v1')
      .send({ name: 'second', url: `${receiver.url}?second` });
    const rule = await t
      .as('admin')
      .post('/create/alert_rule/v1')
      .send({
        name: 'Services',
        kind: 'serviceDown',
        severity: 'minor',
        channels: { webhookIds: [(first.body as { id: number }).id] },
        escalateAfterMinutes: 10,
        escalateTo: { webhookIds: [(second.body as { id: number }).id] },
      });
    const ruleId = (rule.body as { id: number }).id;
    const now = new Date();
    const [alert] = await db
      .insert(alerts)
      .values({
        ruleId,
        ruleName: 'Services',
        kind: 'serviceDown',
        severity: 'minor',
        subjectKey: 'service:charon',
        subject: { service: 'charon' },
        state: 'firing',
        summary: 'charon down',
        startedAt: now,
        firedAt: now,
        updatedAt: now,
      })
      .returning({ id: alerts.id });
    await db.insert(alertNotifications).values({ ruleId, alertId: alert?.id ?? 0, event: 'escalation' });

    notifierOf(t).wake();
    await until(() => receiver.got.length >= 2);
    const titles = receiver.got.map(
      (g) => JSON.parse(g.body.toString('utf8')) as { title: string; notification: string },
    );
    expect(titles.map((x) => x.title)).toEqual([
      'Escalated: 1 service down in Services',
      'Escalated: 1 service down in Services',
    ]);
    expect(titles.every((x) => x.notification === 'escalation')).toBe(true);
    expect(receiver.got.map((g) => g.event)).toEqual(['alert.firing', 'alert.firing']);
  });
});
