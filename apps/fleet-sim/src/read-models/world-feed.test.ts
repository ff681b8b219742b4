import { BackendStatusBoard } from '../fleet/backend-status';
import { SimClock } from '../fleet/clock';
import { CLOCK_KEY, DEFAULT_FLEET_SETTINGS, FLEET_SETTINGS_KEY } from '../fleet/fleet-settings';
import { writeService } from '../store/repos/services-repo';
import { replaceSetting } from '../store/repos/settings-repo';
import { useTestStore } from '../test/test-store';
import { LatestVersions } from './latest-versions';
import { worldFeed, type World } from './world-feed';

jest.setTimeout(60_000);

const START = Date.parse('2026-11-27T08:00:00Z');
const MINUTE = 60_000;

describe('the world feed', () => {
  const database = useTestStore('world-feed');

  it('when another process wrote settings, a service and then a step of the clock, and one read finds them all, then the tick the step starts sees the settings and the service', async () => {
    const { db } = database();
    const world: World = {
      clock: new SimClock(START, 1),
      services: new BackendStatusBoard(),
      latest: new LatestVersions(),
      settings: { ...DEFAULT_FLEET_SETTINGS },
    };
    const feed = worldFeed(world);
    await feed.load?.(db);
    const seenAtStep: { churn: number; gatewayUp: boolean }[] = [];
    world.clock.onChange((now) =>
      seenAtStep.push({ churn: world.settings.churn, gatewayUp: world.services.isUp('charon', now) }),
    );

    // Another process, in this order: a scenario's churn of 0 and its gateway outage, then a step of 10 minutes.
    await replaceSetting(db, FLEET_SETTINGS_KEY, { churn: 0, failureRates: {} });
    await writeService(db, 'charon', false);
    const other = new SimClock(world.clock.now(), 1);
    other.step(10 * MINUTE);
    await replaceSetting(db, CLOCK_KEY, other.state());
    await feed.poll(db, '0', true);

    expect(world.clock.now()).toBeGreaterThanOrEqual(START + 10 * MINUTE);
    expect(seenAtStep).toEqual([{ churn: 0, gatewayUp: false }]);
  });
});
