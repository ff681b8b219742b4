import {
  alertPreferencesSchema,
  createdWebhookSchema,
  webhookDeliverySchema,
  webhookSchema,
  type Webhook,
  type WebhookDelivery,
} from '@equipment-dashboard/contract';
import { eq } from 'drizzle-orm';
import { linkLocalAddressOf } from '../../services/webhooks-service';
import { alertDeliveries } from '../../store/schema';
import { expectNewestActions } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const LIST = '/read/webhooks/v1/';
const CREATE = '/create/webhook/v1';
const DELETE = '/delete/webhook/v1';
const TEST = '/create/webhook_test/v1';
const DELIVERIES = '/read/webhook_deliveries/v1/';
const PREFERENCES = '/read/alert_preferences/v1';
const UPDATE_PREFERENCES = '/update/alert_preferences/v1';

/** A receiver nobody listens on (loopback's discard port): the sender's attempts fail fast and stay local. */
const RECEIVER = 'http://127.0.0.1:9/hooks/alerts';

describe('webhooks', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support_lvl2', 'support', 'tech', 'guest'] });

  const create = async (name: string, url = RECEIVER, as = 'admin') => {
    const res = await t.as(as).post(CREATE).send({ name, url });
    expect(res.status).toBe(201);
    return createdWebhookSchema.parse(res.body);
  };
  const problemPaths = (res: { body: { details?: { path: string }[] } }) =>
    (res.body.details ?? []).map((d) => d.path);

  it('when an admin creates a webhook, then 201 with its signing secret, which no list shows again', async () => {
    const created = await create('Pager bridge');
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'Pager bridge',
      url: RECEIVER,
      createdBy: 'admin',
      lastDelivery: null,
    });
    expect(Buffer.from(created.secret, 'base64url')).toHaveLength(32);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await create('Second', 'https://localhost:8443/hook', 'engineer');
    expect(other.secret).not.toBe(created.secret);

    const list = await t.as('support').get(LIST);
    expect(list.status).toBe(200);
    const listed = (list.body as Webhook[]).find((w) => w.id === created.id);
    expect(webhookSchema.parse(listed)).toEqual({
      id: created.id,
      name: 'Pager bridge',
      url: RECEIVER,
      createdBy: 'admin',
      createdAt: created.createdAt,
      lastDelivery: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
  });

  it('when a webhook URL is not http(s), carries credentials or targets the link-local range, then 400 naming the url', async () => {
    for (const url of [
      'http://169.254.169.254/latest',
      'ftp://x',
      'http://[fe80::1]/hook',
      'http://0xA9FEA9FE/',
      'https://user:secret@127.0.0.1/hook',
      'not a url',
    ]) {
      const res = await t.as('admin').post(CREATE).send({ name: 'Bad', url });
      expect(res.status).toBe(400);
      expect(problemPaths(res)).toEqual(['url']);
    }
    expect(problemPaths(await t.as('admin').post(CREATE).send({ name: ' ', url: RECEIVER }))).toEqual([
      'name',
    ]);
    expect(problemPaths(await t.as('admin').post(CREATE).send({ name: 'No URL' }))).toEqual(['url']);
  });

  it('when a webhook is tested, then a pending `test` delivery is stored and answered (201), and the delivery log shows it newest first', async () => {
    const webhook = await create('Tested');
    const first = await t.as('engineer').post(TEST).send({ id: webhook.id });
    expect(first.status).toBe(201);
    const delivery = webhookDeliverySchema.parse(first.body);
    expect(delivery).toMatchObject({
      webhookId: webhook.id,
      event: 'test',
      state: 'pending',
      attempts: 0,
      lastStatus: null,
      title: 'Test delivery',
    });
    expect(delivery.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(delivery.nextAttemptAt).not.toBeNull();

    const [row] = await t.server.deps.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.id, delivery.id));
    expect(row).toMatchObject({
      channel: 'webhook',
      webhookId: webhook.id,
      event: 'test',
      title: 'Test delivery',
      recipients: null,
    });
    const payload = JSON.parse(row?.payload ?? '{}') as { event: string; webhook: unknown; sentAt: string };
    expect(payload).toEqual({
      event: 'test',
      webhook: { id: webhook.id, name: 'Tested' },
      sentAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(payload.sentAt) - Date.now())).toBeLessThan(60_000);

    const second = webhookDeliverySchema.parse(
      (await t.as('admin').post(TEST).send({ id: webhook.id })).body,
    );
    const log = await t.as('support').get(DELIVERIES).query({ webhookId: webhook.id, page: 1 });
    expect(log.status).toBe(200);
    expect(log.body.totalDocs).toBe(2);
    expect((log.body.docs as WebhookDelivery[]).map((d) => d.id)).toEqual([second.id, delivery.id]);
    const listed = ((await t.as('tech').get(LIST)).body as Webhook[]).find((w) => w.id === webhook.id);
    expect(listed?.lastDelivery).toMatchObject({
      state: expect.stringMatching(/^(pending|delivered|failed)$/),
      at: expect.any(String),
    });

    expect((await t.as('engineer').post(TEST).send({ id: 999_999 })).status).toBe(404);
    expect((await t.as('support').get(DELIVERIES).query({ webhookId: 999_999 })).status).toBe(404);
    expect((await t.as('support').get(DELIVERIES)).status).toBe(400);
    expect((await t.as('engineer').post(TEST).send({ id: 'x' })).status).toBe(400);
  });

  it('when a webhook is deleted, then rules stop naming it, its deliveries go with it, and it answers 404 afterwards', async () => {
    const webhook = await create('To delete');
    const kept = await create('Kept');
    const rule = await t
      .as('engineer')
      .post('/create/alert_rule/v1')
      .send({
        name: 'Notifies two webhooks',
        kind: 'serviceDown',
        severity: 'critical',
        channels: { webhookIds: [webhook.id, kept.id] },
        escalateAfterMinutes: 15,
        escalateTo: { webhookIds: [webhook.id] },
      });
    expect(rule.status).toBe(201);
    await t.as('admin').post(TEST).send({ id: webhook.id });

    const res = await t.as('engineer').post(DELETE).send({ id: webhook.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    const rules = await t.as('support').get('/read/alert_rules/v1/').query({ filterName: 'Notifies two' });
    expect(rules.body.docs[0]).toMatchObject({
      channels: { webhookIds: [kept.id] },
      escalateTo: null,
      escalateAfterMinutes: null,
    });
    expect(
      await t.server.deps.db.select().from(alertDeliveries).where(eq(alertDeliveries.webhookId, webhook.id)),
    ).toEqual([]);
    expect(((await t.as('support').get(LIST)).body as Webhook[]).map((w) => w.id)).not.toContain(webhook.id);
    expect((await t.as('engineer').post(DELETE).send({ id: webhook.id })).status).toBe(404);
    expect((await t.as('engineer').post(TEST).send({ id: webhook.id })).status).toBe(404);
    expect((await t.as('support').get(DELIVERIES).query({ webhookId: webhook.id })).status).toBe(404);
    // The rule is still valid as it now is: changing something else is accepted.
    expect(
      (await t.as('engineer').post('/update/alert_rule/v1').send({ id: rule.body.id, severity: 'major' }))
        .status,
    ).toBe(200);
  });

  it('when a role may not manage webhooks, then creating, deleting and testing are refused (403); reading is for every role that sees alerts', async () => {
    const webhook = await create('Roles');
    for (const user of ['support_lvl2', 'support', 'tech', 'guest']) {
      expect((await t.as(user).post(CREATE).send({ name: 'x', url: RECEIVER })).status).toBe(403);
      expect((await t.as(user).post(DELETE).send({ id: webhook.id })).status).toBe(403);
      expect((await t.as(user).post(TEST).send({ id: webhook.id })).status).toBe(403);
    }
    expect((await t.as('support_lvl2').get(DELIVERIES).query({ webhookId: webhook.id })).status).toBe(200);
    expect((await t.as('guest').get(LIST)).status).toBe(403);
    expect((await t.as('guest').get(DELIVERIES).query({ webhookId: webhook.id })).status).toBe(403);
    expect((await t.http.get(LIST)).status).toBe(401);
    expect((await t.http.post(TEST).send({ id: webhook.id })).status).toBe(401);
  });

  it('when webhooks are made and deleted, then both are in the audit trail', async () => {
    const webhook = await create('Audited hook', RECEIVER, 'engineer');
    await t.as('admin').post(DELETE).send({ id: webhook.id });
    const docs = await expectNewestActions(
      t,
      { command: 'webhook.delete', username: 'admin', args: { webhookId: webhook.id, name: 'Audited hook' } },
      { command: 'webhook.create', username: 'engineer', args: { webhookId: webhook.id, url: RECEIVER } },
    );
    expect(JSON.stringify(docs)).not.toContain(webhook.secret);
  });

  it("when a user reads and changes their alert e-mail preferences, then they start at critical and major, unmuted, and each user's are their own", async () => {
    const initial = await t.as('support').get(PREFERENCES);
    expect(initial.status).toBe(200);
    expect(alertPreferencesSchema.parse(initial.body)).toEqual({
      emailSeverities: ['critical', 'major'],
      mutedUntil: null,
    });

    const before = Date.now();
    const muted = await t
      .as('support')
      .post(UPDATE_PREFERENCES)
      .send({ emailSeverities: ['warning', 'critical'], muteMinutes: 60 });
    expect(muted.status).toBe(200);
    expect(muted.body.emailSeverities).toEqual(['critical', 'warning']);
    // Real time, not the simulated clock's.
    expect(Date.parse(muted.body.mutedUntil)).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(Date.parse(muted.body.mutedUntil)).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect((await t.as('support').get(PREFERENCES)).body).toEqual(muted.body);

    const unmuted = await t.as('support').post(UPDATE_PREFERENCES).send({ muteMinutes: 0 });
    expect(unmuted.body).toEqual({ emailSeverities: ['critical', 'warning'], mutedUntil: null });
    const none = await t.as('support').post(UPDATE_PREFERENCES).send({ emailSeverities: [] });
    expect(none.body).toEqual({ emailSeverities: [], mutedUntil: null });
    expect((await t.as('support').post(UPDATE_PREFERENCES).send({})).body).toEqual({
      emailSeverities: [],
      mutedUntil: null,
    });

    expect((await t.as('tech').get(PREFERENCES)).body).toEqual({
      emailSeverities: ['critical', 'major'],
      mutedUntil: null,
    });
    const tech = await t.as('tech').post(UPDATE_PREFERENCES).send({ muteMinutes: 5 });
    expect(tech.body).toMatchObject({
      emailSeverities: ['critical', 'major'],
      mutedUntil: expect.any(String),
    });
  });

  it('when preferences are wrong or the role sees no alerts, then 400 naming the field, or 403', async () => {
    expect(
      problemPaths(
        await t
          .as('support')
          .post(UPDATE_PREFERENCES)
          .send({ emailSeverities: ['loud'] }),
      ),
    ).toEqual(['emailSeverities.0']);
    expect(problemPaths(await t.as('support').post(UPDATE_PREFERENCES).send({ muteMinutes: -1 }))).toEqual([
      'muteMinutes',
    ]);
    expect(problemPaths(await t.as('support').post(UPDATE_PREFERENCES).send({ muteMinutes: 1.5 }))).toEqual([
      'muteMinutes',
    ]);
    expect((await t.as('support').post(UPDATE_PREFERENCES).send({ mutedUntil: null })).status).toBe(400);
    expect((await t.as('guest').get(PREFERENCES)).status).toBe(403);
    expect((await t.as('guest').post(UPDATE_PREFERENCES).send({ muteMinutes: 5 })).status).toBe(403);
    expect((await t.http.get(PREFERENCES)).status).toBe(401);
  });
});

describe('a webhook host name that resolves to the link-local range', () => {
  it('when a name resolves to a link-local address among others, then that address is answered', async () => {
    const lookup = async () => ['10.0.0.7', '169.254.169.254'];
    await expect(linkLocalAddressOf('metadata.example', lookup)).resolves.toBe('169.254.169.254');
    await expect(linkLocalAddressOf('v6.example', async () => ['fe80::1'])).resolves.toBe('fe80::1');
  });

  it('when a name resolves elsewhere, fails to resolve, or takes too long, then nothing is refused', async () => {
    await expect(linkLocalAddressOf('hooks.example', async () => ['203.0.113.5'])).resolves.toBeNull();
    await expect(
      linkLocalAddressOf('nowhere.example', () => Promise.reject(new Error('ENOTFOUND'))),
    ).resolves.toBeNull();
    await expect(
      linkLocalAddressOf('slow.example', () => new Promise(() => undefined), 20),
    ).resolves.toBeNull();
    await expect(linkLocalAddressOf('localhost')).resolves.toBeNull();
  });

  it('when the host is an address, then no name is looked up (the contract checks addresses)', async () => {
    const lookup = jest.fn(async () => ['169.254.169.254']);
    await expect(linkLocalAddressOf('127.0.0.1', lookup)).resolves.toBeNull();
    await expect(linkLocalAddressOf('[::1]', lookup)).resolves.toBeNull();
    expect(lookup).not.toHaveBeenCalled();
  });
});
