import { compareVersions, isAtLeast } from '@equipment-dashboard/domain';
import { isPending } from '../../fleet/desired-state';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import {
  latestOf,
  sendCommand,
  stagingBody,
  stepClock,
  unitDetail,
  unitWhere,
} from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const MINUTE = 60_000;

describe('staging and the update flow (console-core §4, §7)', () => {
  const t = useTestServer({ users: ['support'], liveAs: 'support' });

  const staged = () => t.as('support').get('/read/staged_update_totals/v1');
  const below = (family: 'aligner' | 'gtps') => (u: UnitRuntime) =>
    u.family === family &&
    !isPending(u.desired, u.stagedRevDone) &&
    !u.flow &&
    compareVersions(u.versionSemantic, latestOf(t, family)) < 0 &&
    (family !== 'aligner' || isAtLeast(u.versionSemantic, '4.3.0'));

  it('when a unit below the latest is staged, then it is pending, totals rise and consoles hear of it', async () => {
    const unit = await unitWhere(t, below('aligner'));
    const latest = latestOf(t, 'aligner');
    const before = (await staged()).body;
    const heard = new Promise((r) => t.socket.once('SOFTWARE_UPDATES_STAGED', r));
    const res = await t
      .as('support')
      .post('/create/immediate_stage_of_software_update/v1')
      .send(stagingBody(unit.serialNumber, latest));
    expect(res.status).toBe(200);
    expect(res.body.version.semantic).toBe(latest);
    await expect(heard).resolves.toMatchObject({ family: 'aligner' });
    const after = (await staged()).body;
    expect(after.total).toBe(before.total + 1);
    const read = await unitDetail(t, unit.serialNumber);
    expect(read.body.pendingSoftwareDownload).toBe(latest);

    const again = await t
      .as('support')
      .post('/create/immediate_stage_of_software_update/v1')
      .send(stagingBody(unit.serialNumber, latest));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/already/i);

    const unstage = await t
      .as('support')
      .post('/delete/immediate_unstage_of_software_update/v1')
      .send({ serialNumber: unit.serialNumber });
    expect(unstage.body).toEqual({
      serialNumber: unit.serialNumber,
      family: 'aligner',
      pendingSoftwareDownload: '',
    });
    expect((await staged()).body.total).toBe(before.total);
    const twice = await t
      .as('support')
      .post('/delete/immediate_unstage_of_software_update/v1')
      .send({ serialNumber: unit.serialNumber });
    expect(twice.status).toBe(400);
  });

  it('when a unit already at the latest is staged, then 400 with the reason', async () => {
    const latest = latestOf(t, 'gtps');
    const unit = await unitWhere(t, (u) => u.family === 'gtps' && u.versionSemantic === latest);
    const res = await t
      .as('support')
      .post('/create/immediate_stage_of_gtps_software_update/v1')
      .send(stagingBody(unit.serialNumber, latest));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('staging_refused');
  });

  it('when the call of another family is used, then 400 names the right call', async () => {
    const unit = await unitWhere(t, below('gtps'));
    const res = await t
      .as('support')
      .post('/create/immediate_stage_of_software_update/v1')
      .send(stagingBody(unit.serialNumber, latestOf(t, 'aligner')));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('immediate_stage_of_gtps_software_update');
  });

  it('when a staged unit downloads, installs and restarts on the clock, then it reports the new version', async () => {
    const unit = await unitWhere(t, below('gtps'), { connected: true });
    const latest = latestOf(t, 'gtps');
    const versionsBefore = (await t.as('support').get('/read/gtps_software_versions/v1')).body;
    const countAt = (list: { version: string; total: number }[], v: string) =>
      list.find((x) => x.version === v)?.total ?? 0;
    await t
      .as('support')
      .post('/create/immediate_stage_of_gtps_software_update/v1')
      .send(stagingBody(unit.serialNumber, latest));

    const read = async () => (await unitDetail(t, unit.serialNumber)).body;
    expect((await read()).updateState.state).toBe('READY_TO_DOWNLOAD');
    expect((await sendCommand(t, 'aligner_download_now', { serialNumber: unit.serialNumber })).status).toBe(
      200,
    );
    const downloading = await read();
    expect(downloading.updateState).toMatchObject({ state: 'DOWNLOADING', downloading: true });
    await stepClock(t, MINUTE);
    const progress = (await read()).updateState.downloadProgress.software.fileProgress.progress;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);

    await stepClock(t, 30 * MINUTE);
    expect((await read()).updateState.state).toBe('READY_TO_INSTALL');
    expect((await sendCommand(t, 'aligner_install_now', { serialNumber: unit.serialNumber })).status).toBe(
      200,
    );
    expect((await read()).updateState).toMatchObject({ state: 'INSTALLING_UPDATE', installing: true });
    await stepClock(t, 10 * MINUTE);
    const done = await read();
    expect(done.version.semantic).toBe(latest);
    expect(done.pendingSoftwareDownload).toBe('');
    expect(done.updateState.state).toBe('INSTALLATION_COMPLETE');
    const versionsAfter = (await t.as('support').get('/read/gtps_software_versions/v1')).body;
    expect(countAt(versionsAfter, latest)).toBe(countAt(versionsBefore, latest) + 1);
  });

  it('when install is asked with nothing downloaded, then 409', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'gtps' && !u.flow, { connected: true });
    const res = await sendCommand(t, 'aligner_install_now', { serialNumber: unit.serialNumber });
    expect(res.status).toBe(409);
  });

  it('when a hung download is on the clock, then its progress stays put', async () => {
    const unit = await unitWhere(t, below('aligner'), { connected: true });
    await t
      .as('support')
      .post('/create/immediate_stage_of_software_update/v1')
      .send(stagingBody(unit.serialNumber, latestOf(t, 'aligner')));
    await sendCommand(t, 'aligner_download_now', { serialNumber: unit.serialNumber });
    await stepClock(t, MINUTE);
    if (unit.flow) unit.flow.hung = true;
    const before = unit.flow?.software.bytesTransferred;
    await stepClock(t, 10 * MINUTE);
    expect(unit.flow?.software.bytesTransferred).toBe(before);
    expect(unit.flow?.phase).toBe('downloading');
  });
});
