import type { UpdateSchedulerDevice, UpdateSchedulerStatistics } from '@equipment-dashboard/contract';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import { dayKeyOf, hourKeyOf } from '../../services/scheduler-activity';
import {
  alignerScheduleBody,
  bearer,
  engineOf,
  latestOf,
  setSpeed,
  stageableTo,
  stagingBody,
  stepClock,
  storeCount,
  unitWhere,
} from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('update scheduler tables and statistics (back-office §2.4, §3, §4, §7.3)', () => {
  const t = useTestServer({ users: ['engineer'] });
  beforeAll(async () => {
    // Stopped simulated time: a staged unit stays READY_TO_DOWNLOAD until a test steps the clock, and
    // the hour and day keys cannot roll over between a call and its check.
    await setSpeed(t, 0);
  });

  const engine = () => engineOf(t);
  const list = (path: string, query: Record<string, string> = {}, token = t.token('engineer')) =>
    t.http.get(path).query(query).set(bearer(token));
  /** Stages the latest version of the unit's family on it now, as an engineer. */
  const stageNow = (path: string, unit: UnitRuntime, latest: string) =>
    t
      .as('engineer')
      .post(path)
      .send(stagingBody(unit.serialNumber, latest, `/updates/${unit.family}/${latest}`));
  const stats = async (path: string): Promise<UpdateSchedulerStatistics> =>
    (await list(path)).body as UpdateSchedulerStatistics;

  describe('the device tables', () => {
    it('when the aligner table is read, then 10 aligners a page come, counted over the whole family', async () => {
      const res = await list('/read/updatescheduler_aligners/v1/', { page: '2' });
      expect(res.status).toBe(200);
      expect(res.body.docs).toHaveLength(PAGE_SIZE);
      expect(res.body.docs.every((d: UpdateSchedulerDevice) => d.family === 'aligner')).toBe(true);
      expect(res.body.totalDocs).toBe(await storeCount(t, "family = 'aligner'"));
    });

    it('when each family is listed, then each table holds its family only, and a family filter naming another is empty', async () => {
      const gtps = await list('/read/updatescheduler_gtps/v1/');
      expect(gtps.body.totalDocs).toBe(await storeCount(t, "family = 'gtps'"));
      expect(gtps.body.docs.every((d: UpdateSchedulerDevice) => d.family === 'gtps')).toBe(true);
      const oasis = await list('/read/updatescheduler_aligners_oasis/v1/', { filterFamily: 'aligner-oasis' });
      expect(oasis.body.totalDocs).toBe(await storeCount(t, "family = 'aligner-oasis'"));
      expect((await list('/read/updatescheduler_gtps/v1/', { filterFamily: 'aligner' })).body).toEqual({
        docs: [],
        totalDocs: 0,
      });
    });

    it('when a unit is staged, then the Staged filter finds it with its staged version, live updater state and best-guess version', async () => {
      const latest = latestOf(t, 'aligner');
      const unit = await unitWhere(t, stageableTo('aligner', latest, '5.'), { connected: true });
      const staged = await stageNow('/create/immediate_stage_of_software_update/v1', unit, latest);
      expect(staged.status).toBe(200);
      const res = await list('/read/updatescheduler_aligners/v1/', {
        filterSerialNumber: unit.serialNumber.toLowerCase(),
        onlyStaged: 'true',
        onlyConnected: 'true',
      });
      expect(res.body.totalDocs).toBe(1);
      expect(res.body.docs[0]).toMatchObject({
        serialNumber: unit.serialNumber,
        connected: true,
        geolocation: { country_code: unit.countryCode },
        staging: { isStaged: true, autoStaged: false, stagedVersion: { semantic: latest } },
        bestGuessAtSoftwareUpdateState: 'READY_TO_DOWNLOAD',
        bestGuessAtSoftwareUpdateVersion: { semantic: latest },
      });
      const byState = await list('/read/updatescheduler_aligners/v1/', {
        filterState: 'ready_to_d',
        filterSerialNumber: unit.serialNumber,
      });
      expect(byState.body.totalDocs).toBe(1);
    });

    it('when sorted by version descending, then the newest versions come first', async () => {
      const res = await list('/read/updatescheduler_aligners/v1/', {
        sortBy: 'softwareVersion',
        sortDesc: 'true',
      });
      const first = res.body.docs[0] as UpdateSchedulerDevice;
      const newest = t.server.deps.readModels.figures.installedVersions('aligner').at(-1)?.version;
      expect(first.version.semantic).toBe(newest);
    });

    it('when the sort field is unknown or the page is not a number, then 400', async () => {
      expect((await list('/read/updatescheduler_aligners/v1/', { sortBy: 'color' })).status).toBe(400);
      expect((await list('/read/updatescheduler_gtps/v1/', { page: 'two' })).status).toBe(400);
    });

    it('when support asks, then 403; support_lvl2 may read', async () => {
      expect((await list('/read/updatescheduler_aligners/v1/', {}, await t.tokenFor('support'))).status).toBe(
        403,
      );
      expect(
        (await list('/read/updatescheduler_statistics/v1', {}, await t.tokenFor('support'))).status,
      ).toBe(403);
      expect(
        (await list('/read/updatescheduler_gtps/v1/', {}, await t.tokenFor('support_lvl2'))).status,
      ).toBe(200);
    });
  });

  describe('the statistics', () => {
    it('when statistics are read, then the counters and 30 days and 48 hours of keyed series come, today with the live figures', async () => {
      const aligner = await stats('/read/updatescheduler_statistics/v1');
      expect(Object.keys(aligner.dailyStatistics.deliveries)).toHaveLength(30);
      expect(Object.keys(aligner.hourlyStatistics.connectedCount)).toHaveLength(48);
      const today = dayKeyOf(t.server.deps.clock.now());
      expect(Object.keys(aligner.dailyStatistics.deliveries).at(-1)).toBe(today);
      expect(aligner.dailyStatistics.connectedCount[today]).toBe(
        await storeCount(t, "family = 'aligner' AND connected"),
      );
      expect(aligner.autoStaged).toBeGreaterThanOrEqual(
        aligner.autoUnstaged + aligner.autoUnstagedDueToHungCount,
      );
      expect(aligner.hourlyStatistics.truPointsAtCurrentVersion).toBeUndefined();
    });

    it('when Tru-Point statistics are read, then the hourly ones also carry truPointsAtCurrentVersion', async () => {
      const gtps = await stats('/read/updatescheduler_statistics_gtps/v1');
      expect(gtps.hourlyStatistics.truPointsAtCurrentVersion).toEqual(
        gtps.hourlyStatistics.alignersAtCurrentVersion,
      );
      const oasis = await stats('/read/updatescheduler_statistics_oasis/v1');
      expect(oasis.hourlyStatistics.truPointsAtCurrentVersion).toBeUndefined();
    });

    it('when a schedule stages units today, then they count as auto-staged in the counter, today and this hour', async () => {
      const before = await stats('/read/updatescheduler_statistics/v1');
      const now = t.server.deps.clock.now();
      const latest = latestOf(t, 'aligner');
      const targets = [...engine().state.units.values()]
        .filter(stageableTo('aligner', latest, '5.'))
        .slice(0, 2)
        .map((u) => u.serialNumber);
      const res = await t
        .as('engineer')
        .post('/create/schedule_serial_numbers/v1')
        .send(alignerScheduleBody(targets, latest, dayKeyOf(now)));
      expect(res.status).toBe(200);
      const after = await stats('/read/updatescheduler_statistics/v1');
      expect(after.autoStaged).toBe(before.autoStaged + 2);
      const hour = hourKeyOf(t.server.deps.clock.now());
      expect(after.hourlyStatistics.autoStaged[hour]).toBe(
        (before.hourlyStatistics.autoStaged[hour] ?? 0) + 2,
      );
      const day = dayKeyOf(t.server.deps.clock.now());
      expect(after.dailyStatistics.autoStaged[day]).toBe((before.dailyStatistics.autoStaged[day] ?? 0) + 2);
    });

    it('when a staged unit finishes installing, then it is a delivery of today and of this hour', async () => {
      const latest = latestOf(t, 'gtps');
      const unit = await unitWhere(t, stageableTo('gtps', latest, '1.'), { connected: true });
      await stageNow('/create/immediate_stage_of_gtps_software_update/v1', unit, latest).expect(200);
      await stepClock(t, 3 * 3_600_000);
      expect(unit.versionSemantic).toBe(latest);
      const day = dayKeyOf(t.server.deps.clock.now());
      const hour = hourKeyOf(t.server.deps.clock.now());
      let after = await stats('/read/updatescheduler_statistics_gtps/v1');
      for (let i = 0; i < 100 && !after.hourlyStatistics.deliveries[hour]; i++) {
        await new Promise((r) => setTimeout(r, 100));
        after = await stats('/read/updatescheduler_statistics_gtps/v1');
      }
      expect(after.hourlyStatistics.deliveries[hour]).toBeGreaterThanOrEqual(1);
      expect(after.dailyStatistics.deliveries[day]).toBeGreaterThanOrEqual(1);
      expect(after.hourlyStatistics.truPointsAtCurrentVersion?.[hour]).toBeGreaterThanOrEqual(1);
    });
  });
});
