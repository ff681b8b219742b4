import type { Message } from '@equipment-dashboard/contract';
import { MESSAGE_TABS, messageListQuery, type MessageTabKey } from '@equipment-dashboard/domain';
import sharp from 'sharp';
import { bearer, stepClock } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('in-app messages (back-office §2.7, §4, §5, §7.4)', () => {
  const t = useTestServer({ users: ['support', 'engineer', 'tech'] });
  let market: string;
  beforeAll(async () => {
    market = (await t.as('support').get('/read/aligner_countries/v1')).body[0].countryCode;
  });

  const day = (offset: number) =>
    new Date(t.server.deps.clock.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const draft = (from = 1, to = 10, issuer = 'support') => ({
    schedule: { startDate: `${day(from)}T00:00:00.000Z`, endDate: `${day(to)}T23:59:59.999Z` },
    header: 'New specs are here',
    body: 'Install the new vehicle specs from the Updates screen.',
    callToAction: 'Open Updates.',
    targets: {
      market,
      softwareVersion: 'all',
      serialNumbers: ['axa00001', 'AXA00001', ' '].filter((s) => s.trim()),
    },
    issuerUsername: issuer,
    issuerEmail: `${issuer}@equipment-dashboard.example`,
    disposition: 'draft',
  });
  const tab = async (
    key: MessageTabKey,
    username: string,
    token: string,
  ): Promise<{ docs: Message[]; totalDocs: number }> =>
    (await t.http.get('/read/messages/v1/').query(messageListQuery(key, username)).set(bearer(token))).body;
  const create = (body: object, token = t.token('support')) =>
    t.http.post('/create/message/v1').set(bearer(token)).send(body);
  const save = (id: number, payload: object, token = t.token('support')) =>
    t.http.post('/update/message/v1').set(bearer(token)).send({ id, payload });

  describe('the tabs', () => {
    it.each(MESSAGE_TABS.map((x) => x.key))(
      'when the %s tab is read, then every message has that tab disposition',
      async (key) => {
        const expected = MESSAGE_TABS.find((x) => x.key === key)?.filter.disposition;
        const list = await tab(key, 'admin', t.token('engineer'));
        expect(list.docs.every((m) => m.disposition === expected)).toBe(true);
        if (key === 'myDrafts') expect(list.docs.every((m) => m.issuerUsername === 'admin')).toBe(true);
        if (key === 'otherDrafts') expect(list.docs.every((m) => m.issuerUsername !== 'admin')).toBe(true);
        expect(list.totalDocs).toBeGreaterThan(0);
      },
    );
  });

  describe('creating and the approval flow', () => {
    let id: number;

    it('when support creates a draft, then it is stored with serials upper-cased and shows in My Drafts', async () => {
      const res = await create(draft());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        disposition: 'draft',
        issuerUsername: 'support',
        targets: { market, softwareVersion: 'all', serialNumbers: ['AXA00001'] },
      });
      id = res.body.id;
      expect((await tab('myDrafts', 'support', t.token('support'))).docs.map((m) => m.id)).toContain(id);
      expect((await tab('otherDrafts', 'admin', t.token('engineer'))).docs.length).toBeGreaterThan(0);
    });

    it("when a role that does not approve messages reads drafts, then it sees only its own; an approver sees everyone's", async () => {
      const ownByTech = (await create({ ...draft(1, 10, 'tech') }, t.token('tech'))).body as Message;
      const read = async (token: string, query: object) =>
        ((await t.http.get('/read/messages/v1/').query(query).set(bearer(token))).body as { docs: Message[] })
          .docs;
      const othersTab = await read(t.token('tech'), messageListQuery('otherDrafts', 'tech'));
      expect(othersTab).toEqual([]);
      // Without the tab's filters too: no issuer filter, every disposition, or drafts named by their issuer.
      const everything = await read(t.token('tech'), { page: 1 });
      expect(everything.filter((m) => m.disposition === 'draft' && m.issuerUsername !== 'tech')).toEqual([]);
      expect(
        await read(t.token('tech'), { page: 1, filterIssuerUsername: 'support', filterDisposition: 'draft' }),
      ).toEqual([]);
      expect((await read(t.token('tech'), messageListQuery('myDrafts', 'tech'))).map((m) => m.id)).toContain(
        ownByTech.id,
      );
      const byApprover = await read(t.token('engineer'), messageListQuery('otherDrafts', 'engineer'));
      expect(byApprover.map((m) => m.issuerUsername)).toEqual(expect.arrayContaining(['support', 'tech']));
    });

    it('when a start date is before yesterday, a text is too long, or the market is unknown, then 400 with the field', async () => {
      const past = await create(draft(-2, 3));
      expect(past.status).toBe(400);
      expect(past.body.details).toEqual([
        { path: 'schedule.startDate', message: 'The start date must be today or later.' },
      ]);
      expect((await create(draft(-1, 3))).status).toBe(200);
      expect((await create({ ...draft(), header: 'x'.repeat(76) })).status).toBe(400);
      const unknown = await create({ ...draft(), targets: { ...draft().targets, market: 'XX' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([{ path: 'targets.market', message: expect.any(String) }]);
    });

    it('when the issuer is someone else, or a guest writes, then 403', async () => {
      expect((await create(draft(1, 10, 'admin'))).status).toBe(403);
      expect((await create(draft(1, 10, 'guest'), await t.tokenFor('guest'))).status).toBe(403);
    });

    it('when someone else edits the draft, then 403; the issuer saves it and submits it', async () => {
      expect((await save(id, { ...draft(), disposition: 'draft' }, t.token('tech'))).status).toBe(403);
      const saved = await save(id, { ...draft(2, 12), header: 'Specs: new models', disposition: 'draft' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        header: 'Specs: new models',
        disposition: 'draft',
        schedule: { startDate: `${day(2)}T00:00:00.000Z` },
      });
      expect(saved.body.targets.serialNumbers).toEqual(['AXA00001']);
      const submitted = await save(id, { ...draft(2, 12), disposition: 'pending approval' });
      expect(submitted.body.disposition).toBe('pending approval');
      expect((await tab('pendingApproval', 'support', t.token('support'))).docs.map((m) => m.id)).toContain(
        id,
      );
    });

    it('when support approves, then 403; an engineer approves a pending message and it is upcoming; approving again is 409', async () => {
      expect((await save(id, { ...draft(2, 12), disposition: 'upcoming' })).status).toBe(403);
      const approved = await save(id, { ...draft(2, 12), disposition: 'upcoming' }, t.token('engineer'));
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ disposition: 'upcoming', issuerUsername: 'support' });
      expect((await save(id, { ...draft(2, 12), disposition: 'upcoming' }, t.token('engineer'))).status).toBe(
        409,
      );
      expect((await save(id, { ...draft(2, 12), disposition: 'draft' })).status).toBe(409);
    });

    it('when the simulated clock passes the start and then the end, then the message moves to Active and then to Completed', async () => {
      expect((await tab('upcoming', 'support', t.token('support'))).docs.map((m) => m.id)).toContain(id);
      await stepClock(t, 3 * 86_400_000);
      const active = await tab('active', 'support', t.token('support'));
      expect(active.docs.find((m) => m.id === id)?.disposition).toBe('active');
      await stepClock(t, 11 * 86_400_000);
      const completed = await tab('completed', 'support', t.token('support'));
      expect(completed.docs.find((m) => m.id === id)?.disposition).toBe('completed');
    });

    it('when the issuer deletes a draft, then it moves to Deleted; deleting again is 409, another author 403, an unknown one 404', async () => {
      const other = (await create(draft())).body.id as number;
      expect((await t.as('tech').post('/delete/message/v1').send({ id: other })).status).toBe(403);
      const res = await t.as('support').post('/delete/message/v1').send({ id: other });
      expect(res.status).toBe(200);
      expect(res.body.disposition).toBe('deleted');
      expect((await tab('deleted', 'support', t.token('support'))).docs.map((m) => m.id)).toContain(other);
      expect((await t.as('support').post('/delete/message/v1').send({ id: other })).status).toBe(409);
      expect((await t.as('support').post('/delete/message/v1').send({ id: 999999 })).status).toBe(404);
    });
  });

  describe('the serial number upload', () => {
    const upload = (data: Buffer, name = 'serials.csv', type = 'text/csv') =>
      t
        .as('support')
        .post('/upload_serialnumbers')
        .attach('file', data, { filename: name, contentType: type });

    it('when a CSV with a header, blank lines, duplicates and more columns is uploaded, then the first column comes back cleaned', async () => {
      const res = await upload(
        Buffer.from('\ufeffSerial Number,Note\naxa00001, shop\n\n AXA00002 ;x\nAXA00001\n"axb00003",\n'),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual(['AXA00001', 'AXA00002', 'AXB00003']);
      expect((await upload(Buffer.from('AXA00009\r\nAXA00010\r\n'))).body).toEqual(['AXA00009', 'AXA00010']);
    });

    it('when the file is an image, larger than 1 MB, or missing, then 400', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const image = await upload(png, 'serials.csv');
      expect(image.status).toBe(400);
      expect(image.body.code).toBe('not_csv');
      const big = await upload(Buffer.alloc(1024 * 1024 + 10, 'A\n'));
      expect(big.status).toBe(400);
      expect(big.body.code).toBe('file_too_large');
      const none = await t.as('support').post('/upload_serialnumbers').send({});
      expect(none.status).toBe(400);
    });

    it('when a guest uploads, then 403', async () => {
      const res = await t.http
        .post('/upload_serialnumbers')
        .set(bearer(await t.tokenFor('guest')))
        .attach('file', Buffer.from('AXA00001\n'), 'serials.csv');
      expect(res.status).toBe(403);
    });
  });
});
