import { isAtLeast } from '@equipment-dashboard/domain';
import { commandsOf } from '../../store/repos/commands-repo';
import {
  auditTrail,
  reconnect,
  sendCommand,
  setFleetSettings,
  setService,
  simOf,
  stepClock,
  unitDetail,
  unitWhere,
  until,
} from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('remote commands (console-core §7)', () => {
  const t = useTestServer({ users: ['admin', 'support', 'guest'] });

  const modern = () =>
    unitWhere(t, (u) => u.family === 'aligner' && isAtLeast(u.versionSemantic, '5.0.0'), { connected: true });

  it('when a unit is not connected, then the command is queued (202) and the unit carries it out when it reconnects', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'gtps', { connected: false });
    const res = await sendCommand(t, 'aligner_get_voltages', { serialNumber: unit.serialNumber });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      serialNumber: unit.serialNumber,
      status: 'queued',
      commandId: expect.any(Number),
      expiresAt: expect.any(String),
    });
    const queued = await auditTrail(t, { filterSerialNumber: unit.serialNumber });
    expect(queued[0]).toMatchObject({
      id: res.body.commandId,
      status: 'queued',
      expiresAt: res.body.expiresAt,
      completedAt: null,
    });

    await reconnect(t, unit);
    await stepClock(t, 5_000);
    await until(
      async () => (await auditTrail(t, { filterSerialNumber: unit.serialNumber }))[0]?.status,
      (status) => status === 'completed',
    );
    const report = await t
      .as('support')
      .get('/api/v1/get_latest_voltages_for_aligner')
      .query({ serialNumber: unit.serialNumber });
    expect(report.body.boards.length).toBeGreaterThan(0);
  });

  it('when a queued command waits past its expiry, then it ends expired and never reaches the unit', async () => {
    const unit = await unitWhere(
      t,
      (u) => u.family === 'aligner' && isAtLeast(u.versionSemantic, '5.0.0') && !u.connected,
      { connected: false },
    );
    const res = await sendCommand(t, 'aligner_set_logging_level', {
      serialNumber: unit.serialNumber,
      loggingLevel: unit.logLevel === 'INFO' ? 'WARN' : 'INFO',
    });
    expect(res.status).toBe(202);
    const before = unit.logLevel;
    await stepClock(t, (t.server.deps.config.COMMAND_TTL_MINUTES + 1) * 60_000);
    await simOf(t).commands.expire();
    await t.server.deps.follower.wake();
    const trail = await auditTrail(t, { filterSerialNumber: unit.serialNumber });
    expect(trail[0]).toMatchObject({
      id: res.body.commandId,
      status: 'expired',
      completedAt: expect.any(String),
    });
    await reconnect(t, unit);
    await stepClock(t, 5_000);
    expect(unit.logLevel).toBe(before);
  });

  it('when voltages are asked, then the unit replies and the report is stored, with who asked', async () => {
    const unit = await modern();
    const res = await sendCommand(t, 'aligner_get_voltages', { serialNumber: unit.serialNumber });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      serialNumber: unit.serialNumber,
      command: 'aligner_get_voltages',
      status: 'completed',
    });
    const report = await t
      .as('support')
      .get('/api/v1/get_latest_voltages_for_aligner')
      .query({ serialNumber: unit.serialNumber });
    expect(report.body.boards.length).toBeGreaterThan(0);
    expect(report.body.boards[0].Parameters[0]).toEqual(
      expect.objectContaining({ Name: expect.any(String), Actual: expect.any(Number) }),
    );
    const log = await commandsOf(t.server.deps.db, unit.serialNumber);
    expect(log.at(-1)).toMatchObject({
      command: 'aligner_get_voltages',
      username: 'support',
      status: 'completed',
    });
  });

  it('when a unit has voltage trouble, then some readings are out of range', async () => {
    const unit = await modern();
    simOf(t).voltageTrouble.add(unit.serialNumber);
    await sendCommand(t, 'aligner_get_voltages', { serialNumber: unit.serialNumber });
    const report = await t
      .as('support')
      .get('/api/v1/get_latest_voltages_for_aligner')
      .query({ serialNumber: unit.serialNumber });
    const params = report.body.boards.flatMap(
      (b: { Parameters: { Actual: number; Min: number; Max: number }[] }) => b.Parameters,
    );
    expect(
      params.some((p: { Actual: number; Min: number; Max: number }) => p.Actual < p.Min || p.Actual > p.Max),
    ).toBe(true);
  });

  it('when USB and printer status are asked, then the reports hold newline-separated text', async () => {
    const unit = await modern();
    for (const [cmd, read] of [
      ['aligner_get_usb_status', 'get_latest_usb_status_for_aligner'],
      ['aligner_get_printer_status', 'get_latest_printer_status_for_aligner'],
    ] as const) {
      expect((await sendCommand(t, cmd, { serialNumber: unit.serialNumber })).status).toBe(200);
      const report = await t.as('support').get(`/api/v1/${read}`).query({ serialNumber: unit.serialNumber });
      expect(report.body.status).toContain('\n');
    }
  });

  it('when a screenshot is taken, then a real PNG and its thumbnail can be read, and deleted by any role but guest (403)', async () => {
    // console-core §5: screenshots need 4.3.0+ and a unit with a screen (not DRAGON_HEADLESS).
    const unit = await unitWhere(
      t,
      (u) =>
        u.family === 'aligner' &&
        isAtLeast(u.versionSemantic, '4.3.0') &&
        u.systemClass !== 'DRAGON_HEADLESS',
      {
        connected: true,
      },
    );
    const res = await sendCommand(t, 'aligner_get_screen_shot', { serialNumber: unit.serialNumber });
    expect(res.status).toBe(200);
    const list = await t
      .as('support')
      .get('/api/v1/get_screen_shots_for_aligner')
      .query({ serialNumber: unit.serialNumber });
    const shot = list.body[0];
    const image = await t.as('support').get(shot.image).buffer(true);
    const thumb = await t.as('support').get(shot.thumbnail).buffer(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect((image.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    expect((thumb.body as Buffer).length).toBeLessThan((image.body as Buffer).length);
    // Guest looks only: its delete is refused and the screenshot stays.
    const byGuest = await t.as('guest').delete('/api/v1/delete_screen_shot').query({ id: shot.id });
    expect(byGuest.status).toBe(403);
    expect(byGuest.body).toMatchObject({
      error: expect.any(String),
      details: { permission: 'equipment.deleteScreenShot' },
    });
    expect((await t.as('support').get(shot.image)).status).toBe(200);
    expect((await t.as('support').delete('/api/v1/delete_screen_shot').query({ id: shot.id })).status).toBe(
      200,
    );
    expect((await t.as('support').get(shot.image)).status).toBe(404);
  });

  it('when the log level is lowered or raised, then the unit runs at it', async () => {
    const unit = await modern();
    const res = await sendCommand(t, 'aligner_set_logging_level', {
      serialNumber: unit.serialNumber,
      loggingLevel: 'INFO',
    });
    expect(res.body.result).toEqual({ loggingLevel: 'INFO' });
    const read = await unitDetail(t, unit.serialNumber);
    expect(read.body.logLevel).toBe('INFO');
  });

  it('when support opens a port, then 403; when admin does, then the port opens for a while', async () => {
    const unit = await modern();
    expect((await sendCommand(t, 'aligner_open_ssh_port', { serialNumber: unit.serialNumber })).status).toBe(
      403,
    );
    const res = await sendCommand(t, 'aligner_open_ssh_port', { serialNumber: unit.serialNumber }, 'admin');
    expect(res.status).toBe(200);
    expect(res.body.result.port).toEqual(expect.any(Number));
    expect(unit.sshPortOpenUntil).not.toBeNull();
    await stepClock(t, 16 * 60 * 1000);
    expect(unit.sshPortOpenUntil).toBeNull();
  });

  it('when RCP is sent to a unit below 5.0.0, then 409 not_supported', async () => {
    const old = await unitWhere(t, (u) => u.family === 'aligner' && !isAtLeast(u.versionSemantic, '5.0.0'), {
      connected: true,
    });
    const res = await sendCommand(t, 'aligner_rcp', { serialNumber: old.serialNumber }, 'admin');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('not_supported');
  });

  it('when RCP is sent to a 5.x DD aligner, then the unit runs it', async () => {
    // console-core §5: "RCP: 5.0.0+ and isDDAligner true".
    const dd = await unitWhere(
      t,
      (u) => u.family === 'aligner' && isAtLeast(u.versionSemantic, '5.0.0') && u.isDDAligner === true,
      { connected: true },
    );
    const res = await sendCommand(t, 'aligner_rcp', { serialNumber: dd.serialNumber }, 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', result: { rcp: 'started' } });
  });

  it('when a serial is reset, then the unit answers by its new serial everywhere', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'gtps', { connected: true });
    const old = unit.serialNumber;
    const next = `${old.slice(0, 5)}9999`;
    const res = await sendCommand(
      t,
      'reset_serial_number',
      { currentSerialNumber: old, newSerialNumber: next },
      'admin',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ serialNumber: next, result: { serialNumber: next } });
    expect((await unitDetail(t, old, 'admin')).status).toBe(404);
    expect((await unitDetail(t, next, 'admin')).status).toBe(200);
    const taken = await sendCommand(
      t,
      'reset_serial_number',
      { currentSerialNumber: next, newSerialNumber: (await modern()).serialNumber },
      'admin',
    );
    expect(taken.status).toBe(409);
  });

  it('when a scenario makes a command fail, then the call answers 502 and the failure is recorded', async () => {
    const unit = await modern();
    await setFleetSettings(t, { failureRates: { aligner_activate: 1 } });
    const res = await sendCommand(t, 'aligner_activate', { serialNumber: unit.serialNumber });
    await setFleetSettings(t, { failureRates: {} });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('command_failed');
    const log = await commandsOf(t.server.deps.db, unit.serialNumber);
    expect(log.at(-1)).toMatchObject({ command: 'aligner_activate', status: 'failed' });
  });

  it('when the gateway is down, then commands answer 503', async () => {
    const unit = await modern();
    await setService(t, 'charon', false);
    const res = await sendCommand(t, 'aligner_activate', { serialNumber: unit.serialNumber });
    await setService(t, 'charon', true);
    expect(res.status).toBe(503);
  });

  it('when the audit trail is read, then admin sees who sent which command; other roles are refused', async () => {
    const unit = await modern();
    await sendCommand(t, 'aligner_get_usb_status', { serialNumber: unit.serialNumber });
    const res = await t.as('admin').get('/read/audits/v1/').query({ filterSerialNumber: unit.serialNumber });
    expect(res.status).toBe(200);
    expect(res.body.docs[0]).toMatchObject({
      serialNumber: unit.serialNumber,
      command: 'aligner_get_usb_status',
      username: 'support',
      status: 'completed',
    });
    expect((await t.as('support').get('/read/audits/v1/')).status).toBe(403);
  });

  it('when a command body is malformed, then 400', async () => {
    const res = await sendCommand(
      t,
      'set_target_eol_types',
      { serialNumber: 'X', targetType: 'AT999' },
      'admin',
    );
    expect(res.status).toBe(400);
  });
});
