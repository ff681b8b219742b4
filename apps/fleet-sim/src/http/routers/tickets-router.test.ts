import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import type { Socket } from 'socket.io-client';
import { bearer, ticketBody, unitWhere } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

/** A PNG whose header says 4000x4000 (grey, 8 bits) while its data holds only the first two rows. */
function truncatedPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4000, 0);
  header.writeUInt32BE(4000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // Each row: filter type 0, then 4000 grey pixels.
  const rows = Buffer.alloc(2 * 4001, 0x80);
  rows[0] = 0;
  rows[4001] = 0;
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('support tickets (back-office §2.1, §4, §7.1)', () => {
  const t = useTestServer({ users: ['support', 'engineer'] });
  let socket: Socket;
  let ticketId: number;
  beforeAll(async () => {
    socket = await t.live('engineer');
    const unit = await unitWhere(t, (u) => u.family === 'aligner');
    const created = await t
      .as('support')
      .post('/create/ticket/v1')
      .send(ticketBody(unit, { description: 'Wheel clamps slip' }));
    ticketId = created.body.id;
  });

  it('when the list is read, then open tickets come newest first, and mine filters by issuer', async () => {
    const all = await t.as('support').get('/read/tickets/v1/').query({ page: 1 });
    expect(all.body.docs[0].id).toBe(ticketId);
    expect(all.body.docs.every((d: { status: string }) => d.status === 'open')).toBe(true);
    const mine = await t.as('support').get('/read/tickets/v1/').query({ mine: 'true', username: 'support' });
    expect(mine.body.docs.every((d: { issuerUsername: string }) => d.issuerUsername === 'support')).toBe(
      true,
    );
    const withClosed = await t.as('support').get('/read/tickets/v1/').query({ closed: 'true' });
    expect(withClosed.body.totalDocs).toBeGreaterThan(all.body.totalDocs);
  });

  it('when a comment is added, then it is stored and consoles hear of it', async () => {
    const heard = new Promise((r) => socket.once('REPORT_SUPPORT_TICKET_COMMENT_CREATED', r));
    const res = await t
      .as('support')
      .post('/create/comment/v1/')
      .send({ ticketId, authorUsername: 'support', text: 'Replaced the clamp' });
    expect(res.status).toBe(200);
    await expect(heard).resolves.toMatchObject({
      id: ticketId,
      author: 'support',
      comment: 'Replaced the clamp',
    });
    const read = await t.as('support').get('/read/ticket/v1/').query({ id: ticketId });
    expect(read.body.comments.map((c: { text: string }) => c.text)).toEqual(['Replaced the clamp']);
  });

  it('when a PNG is attached, then it is listed with a thumbnail; other files are refused', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await t
      .as('support')
      .post('/upload_ticket_attachment')
      .query({ ticketId, authorUsername: 'support' })
      .field('description', 'The clamp')
      .attach('file', png, { filename: 'clamp.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'The clamp', authorUsername: 'support' });
    const thumb = await t
      .as('support')
      .get(`/api/v1/ticket_attachment/${res.body.id}`)
      .query({ thumbnail: 'true' })
      .buffer(true);
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(240);
    const file = await t.as('support').get(`/api/v1/ticket_attachment/${res.body.id}`).buffer(true);
    expect((file.body as Buffer).equals(png)).toBe(true);
    const fake = await t
      .as('support')
      .post('/upload_ticket_attachment')
      .query({ ticketId, authorUsername: 'support' })
      .field('description', 'not an image')
      .attach('file', Buffer.from('%PDF-1.4 not an image'), { filename: 'x.png', contentType: 'image/png' });
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe('unsupported_file_type');
    const read = await t.as('support').get('/read/ticket/v1/').query({ id: ticketId });
    expect(read.body.attachments).toHaveLength(1);
  });

  it('when a PNG has a whole header but its data is cut short, then 400 unsupported_file_type and nothing is attached', async () => {
    const before = (await t.as('support').get('/read/ticket/v1/').query({ id: ticketId })).body.attachments
      .length;
    const res = await t
      .as('support')
      .post('/upload_ticket_attachment')
      .query({ ticketId, authorUsername: 'support' })
      .field('description', 'cut short')
      .attach('file', truncatedPng(), { filename: 'cut.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: expect.any(String),
      code: 'unsupported_file_type',
      details: [{ path: 'file' }],
    });
    const read = await t.as('support').get('/read/ticket/v1/').query({ id: ticketId });
    expect(read.body.attachments).toHaveLength(before);
  });

  it('when a ticket is escalated, then engineering is mailed; de-escalate turns it back', async () => {
    const up = await t.as('support').post('/update/ticket_escalated/v1/').send({ id: ticketId });
    expect(up.body.escalated).toBe(true);
    const down = await t.as('support').post('/update/ticket_deescalated/v1/').send({ id: ticketId });
    expect(down.body.escalated).toBe(false);
  });

  it('when a ticket is closed, then consoles hear of it and it takes no more comments', async () => {
    const heard = new Promise((r) => socket.once('REPORT_SUPPORT_TICKET_CLOSED', r));
    const res = await t
      .as('support')
      .post('/update/ticket_closed/v1/')
      .send({ id: ticketId, username: 'support' });
    expect(res.body).toMatchObject({ status: 'closed', closed: true, closedByUsername: 'support' });
    await expect(heard).resolves.toEqual({
      id: ticketId,
      serialNumber: res.body.serialNumber,
      closedBy: 'support',
    });
    const comment = await t
      .as('support')
      .post('/create/comment/v1/')
      .send({ ticketId, authorUsername: 'support', text: 'late' });
    expect(comment.status).toBe(409);
    expect(
      (await t.as('support').post('/update/ticket_closed/v1/').send({ id: ticketId, username: 'support' }))
        .status,
    ).toBe(409);
  });

  it('when a guest or another name writes, then 403; an unknown ticket is 404', async () => {
    const guest = await t.tokenFor('guest');
    expect(
      (await t.http.post('/update/ticket_escalated/v1/').set(bearer(guest)).send({ id: ticketId })).status,
    ).toBe(403);
    expect(
      (
        await t
          .as('support')
          .post('/create/comment/v1/')
          .send({ ticketId, authorUsername: 'admin', text: 'x' })
      ).status,
    ).toBe(403);
    expect((await t.as('support').get('/read/ticket/v1/').query({ id: 999999 })).status).toBe(404);
  });
});
