import type { UnitHistoryEntry } from '@equipment-dashboard/contract';
import { isAtLeast } from '@equipment-dashboard/domain';
import { ConfigError, loadConfig } from '../../config/config';
import { disconnect } from '../../fleet/simulation';
import { trimUnitHistory } from '../../services/history-service';
import { recordHistory } from '../../store/repos/history-repo';
import {
  changeUnit,
  engineOf,
  latestOf,
  reconnect,
  sendCommand,
  stageableTo,
  stagingBody,
  stepClock,
  ticketBody,
  unitDetail,
  unitWhere,
  until,
} from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const HISTORY = '/read/aligner_history/v1';
const DAY = 24 * 60 * 60 * 1000;

describe("a unit's history", () => {
  const t = useTestServer({ users: ['support', 'guest'] });

  const page = async (serialNumber: string, n = 1, user = 'support') => {
    const res = await t.as(user).get(HISTORY).query({ serialNumber, page: n });
    expect(res.status).toBe(200);
    return res.body as { docs: UnitHistoryEntry[]; totalDocs: number };
  };
  const kinds = async (serialNumber: string) => (await page(serialNumber)).docs.map((e) => e.kind);

  it("when a unit connects and disconnects, then the simulator's write-behind records both, newest first, by the unit itself", async () => {
    const unit = await unitWhere(t, (u) => u.family === 'aligner', { connected: false });
    const before = (await page(unit.serialNumber)).totalDocs;
    await reconnect(t, unit);
    await changeUnit(t, unit, (u) => disconnect(u, engineOf(t).clock.now()));
    const history = await page(unit.serialNumber);
    expect(history.totalDocs).toBe(before + 2);
    expect(history.docs.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'disconnected',
        summary: 'Disconnected',
        actor: null,
        serialNumber: unit.serialNumber,
      }),
      expect.objectContaining({ kind: 'connected', summary: 'Connected', actor: null }),
    ]);
    // A write that changes nothing notable (an alignment count) records nothing.
    await changeUnit(t, unit, (u) => (u.alignmentCount += 1));
    expect((await page(unit.serialNumber)).totalDocs).toBe(before + 2);
  });

  it('when a support user stages and unstages an update, then both are on the timeline with who did it', async () => {
    const latest = latestOf(t, 'aligner');
    const unit = await unitWhere(t, stageableTo('aligner', latest, '5.'));
    const body = stagingBody(unit.serialNumber, latest);
    expect(
      (await t.as('support').post('/create/immediate_stage_of_software_update/v1').send(body)).status,
    ).toBe(200);
    expect(
      (
        await t
          .as('support')
          .post('/delete/immediate_unstage_of_software_update/v1')
          .send({ serialNumber: unit.serialNumber })
      ).status,
    ).toBe(200);
    const { docs } = await page(unit.serialNumber);
    expect(docs.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'unstaged', summary: 'Update unstaged by support', actor: 'support' }),
      expect.objectContaining({
        kind: 'staged',
        summary: `Update ${latest} staged by support`,
        actor: 'support',
      }),
    ]);
  });

  it('when a refused staging is asked, then nothing is recorded', async () => {
    const latest = latestOf(t, 'gtps');
    const unit = await unitWhere(t, (u) => u.family === 'gtps' && u.versionSemantic === latest);
    const before = (await page(unit.serialNumber)).totalDocs;
    const body = stagingBody(unit.serialNumber, latest);
    expect(
      (await t.as('support').post('/create/immediate_stage_of_gtps_software_update/v1').send(body)).status,
    ).toBe(400);
    expect((await page(unit.serialNumber)).totalDocs).toBe(before);
  });

  it('when a command is sent, then its queuing (with who) and its outcome are recorded', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'aligner' && isAtLeast(u.versionSemantic, '5.0.0'), {
      connected: true,
    });
    const res = await sendCommand(t, 'aligner_get_voltages', { serialNumber: unit.serialNumber });
    expect(res.status).toBe(200);
    const { docs } = await until(
      () => page(unit.serialNumber),
      (p) => p.docs[0]?.kind === 'commandEnded',
    );
    expect(docs.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'commandEnded',
        summary: 'Command aligner_get_voltages completed',
        actor: 'support',
      }),
      expect.objectContaining({
        kind: 'commandQueued',
        summary: 'Command aligner_get_voltages sent by support',
        actor: 'support',
      }),
    ]);
  });

  it('when a staged unit downloads and installs, then each update phase and the version change are recorded', async () => {
    const latest = latestOf(t, 'gtps');
    const unit = await unitWhere(t, stageableTo('gtps', latest, ''), { connected: true });
    const from = unit.versionSemantic;
    const body = stagingBody(unit.serialNumber, latest);
    await t.as('support').post('/create/immediate_stage_of_gtps_software_update/v1').send(body);
    await stepClock(t, 1_000);
    await sendCommand(t, 'aligner_download_now', { serialNumber: unit.serialNumber });
    for (let i = 0; i < 40 && unit.versionSemantic !== latest; i++) {
      await stepClock(t, 5 * 60_000);
      if (unit.flow?.phase === 'readyToInstall' || (await kinds(unit.serialNumber)).includes('updatePhase')) {
        const state = (await unitDetail(t, unit.serialNumber)).body.updateState.state;
        if (state === 'READY_TO_INSTALL')
          await sendCommand(t, 'aligner_install_now', { serialNumber: unit.serialNumber });
      }
    }
    expect(unit.versionSemantic).toBe(latest);
    const all: UnitHistoryEntry[] = [];
    for (let n = 1; n <= 5; n++) all.push(...(await page(unit.serialNumber, n)).docs);
    const summaries = all.map((e) => e.summary);
    expect(summaries).toContain('Update phase: Downloading');
    expect(summaries).toContain(`Version changed from ${from} to ${latest}`);
    expect(all.find((e) => e.kind === 'versionChanged')).toMatchObject({
      actor: null,
      detail: { from, to: latest },
    });
  });

  it('when a ticket is opened and closed, then both are recorded with who', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'aligner');
    const created = await t
      .as('support')
      .post('/create/ticket/v1')
      .send(ticketBody(unit, { description: 'Noisy' }));
    expect(created.status).toBe(200);
    await t
      .as('support')
      .post('/update/ticket_closed/v1/')
      .send({ id: created.body.id, username: 'support' });
    const { docs } = await page(unit.serialNumber);
    expect(docs.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'ticketClosed',
        summary: `Ticket ${created.body.id} closed by support`,
        actor: 'support',
      }),
      expect.objectContaining({
        kind: 'ticketOpened',
        summary: `Ticket ${created.body.id} opened by support`,
        actor: 'support',
      }),
    ]);
  });

  it('when a long timeline is read, then it comes 10 a page, newest first, with the count of all; a guest reads it too', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'aligner-oasis');
    const now = t.server.deps.clock.now();
    const before = (await page(unit.serialNumber)).totalDocs;
    await recordHistory(
      t.server.deps.db,
      Array.from({ length: 13 }, (_, i) => ({
        serialNumber: unit.serialNumber,
        kind: 'connected',
        summary: `event ${i}`,
        actor: null,
        at: new Date(now + i),
      })),
    );
    const first = await page(unit.serialNumber, 1, 'guest');
    expect(first.totalDocs).toBe(before + 13);
    expect(first.docs).toHaveLength(10);
    expect(first.docs.slice(0, 3).map((e) => e.summary)).toEqual(['event 12', 'event 11', 'event 10']);
    const second = await page(unit.serialNumber, 2);
    expect(second.docs[0]?.summary).toBe('event 2');
  });

  it('when the unit is unknown, then 404; without a serial or with a bad page, then 400', async () => {
    const unknown = await t.as('support').get(HISTORY).query({ serialNumber: 'NOPE0000' });
    expect(unknown.status).toBe(404);
    expect((await t.as('support').get(HISTORY)).status).toBe(400);
    expect((await t.as('support').get(HISTORY).query({ serialNumber: ' ' })).status).toBe(400);
    const unit = await unitWhere(t, () => true);
    expect(
      (await t.as('support').get(HISTORY).query({ serialNumber: unit.serialNumber, page: 0 })).status,
    ).toBe(400);
    expect((await t.http.get(HISTORY).query({ serialNumber: unit.serialNumber })).status).toBe(401);
  });

  it('when events are older than HISTORY_RETENTION_DAYS on the simulated clock, then the trim deletes them and keeps the rest', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'gtps');
    const { deps } = t.server;
    const now = deps.clock.now();
    const days = deps.config.HISTORY_RETENTION_DAYS;
    expect(days).toBe(90);
    await recordHistory(deps.db, [
      {
        serialNumber: unit.serialNumber,
        kind: 'connected',
        summary: 'too old',
        actor: null,
        at: new Date(now - (days + 1) * DAY),
      },
      {
        serialNumber: unit.serialNumber,
        kind: 'connected',
        summary: 'recent',
        actor: null,
        at: new Date(now - (days - 1) * DAY),
      },
    ]);
    expect(await trimUnitHistory(deps)).toBeGreaterThanOrEqual(1);
    const summaries = (await page(unit.serialNumber)).docs.map((e) => e.summary);
    expect(summaries).toContain('recent');
    expect(summaries).not.toContain('too old');
    expect(await trimUnitHistory(deps)).toBe(0);
  });
});

describe('HISTORY_RETENTION_DAYS', () => {
  it('when it is unset, then 90; a whole number of days is taken; anything else is refused at start', () => {
    expect(loadConfig({}).HISTORY_RETENTION_DAYS).toBe(90);
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '7' }).HISTORY_RETENTION_DAYS).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'forever']) {
      expect(() => loadConfig({ HISTORY_RETENTION_DAYS: bad })).toThrow(ConfigError);
    }
  });
});
