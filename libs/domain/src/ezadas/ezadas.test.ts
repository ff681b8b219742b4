import fc from 'fast-check';
import {
  canCreateEzTarget,
  canCreateFixture,
  canModifyEzTarget,
  canModifySubscription,
  defaultSubscriptionExpiry,
  fixtureSubscriptionDateParts,
  formatFixtureExpiry,
  isValidEzTargetId,
  parseFixtureExpiry,
  subscriptionNeedsExpiry,
  subscriptionPackageByCode,
  subscriptionPackageByName,
  subscriptionRequestDateParts,
} from './ezadas';

describe('isValidEzTargetId', () => {
  it('when the ID is an integer of 0 or more, then it is valid', () => {
    // back-office §9: Target ID: integer of 0 or more.
    expect(isValidEzTargetId(0)).toBe(true);
    expect(isValidEzTargetId(12)).toBe(true);
    expect(isValidEzTargetId('12')).toBe(true);
  });

  it('when the ID is a fraction, negative, empty or not a number, then it is invalid', () => {
    // back-office §5: The target ID must be an integer of 0 or more
    for (const bad of ['1.5', '-1', '', ' ', '1e3', 'abc', -1, 1.5, Number.NaN, null, undefined, {}]) {
      expect(isValidEzTargetId(bad)).toBe(false);
    }
  });

  it('when any natural number is given as a number or text, then it is valid', () => {
    // back-office §9: Target ID: integer of 0 or more
    fc.assert(fc.property(fc.nat(), (n) => isValidEzTargetId(n) && isValidEzTargetId(String(n))));
    fc.assert(
      fc.property(fc.integer({ max: -1 }), (n) => !isValidEzTargetId(n) && !isValidEzTargetId(String(n))),
    );
  });
});

describe('subscription packages', () => {
  it('when looked up by code or name, then the spec packages are found', () => {
    // back-office §3: Included = 0, Limited = 1, Premium + VAG = 4
    expect(subscriptionPackageByCode(4)?.name).toBe('Premium + VAG');
    expect(subscriptionPackageByCode('1')?.name).toBe('Limited');
    expect(subscriptionPackageByCode(2)).toBeUndefined();
    expect(subscriptionPackageByName('Included')?.code).toBe(0);
    expect(subscriptionPackageByName('Gold')).toBeUndefined();
  });

  it('when the package is Included, then no expiry is needed', () => {
    // back-office §5: The expiry date picker is hidden when the package is Included.
    expect(subscriptionNeedsExpiry(0)).toBe(false);
    expect(subscriptionNeedsExpiry(1)).toBe(true);
    expect(subscriptionNeedsExpiry(4)).toBe(true);
  });
});

describe('expiry', () => {
  const today = new Date(2025, 2, 10, 15, 30);

  it('when there is no expiry or it reads N/A, then the default is one year from today', () => {
    // back-office §5: The default expiry, when none exists or it reads 'N/A', is one year from today.
    for (const current of [null, undefined, '', 'N/A']) {
      expect(fixtureSubscriptionDateParts(defaultSubscriptionExpiry(current, today))).toEqual({
        month: 3,
        day: 10,
        year: 2026,
      });
    }
  });

  it('when today is February 29, then one year later is February 28', () => {
    // back-office §5: one year from today
    expect(fixtureSubscriptionDateParts(defaultSubscriptionExpiry('N/A', new Date(2024, 1, 29)))).toEqual({
      month: 2,
      day: 28,
      year: 2025,
    });
  });

  it('when an expiry exists, then it is the default', () => {
    // back-office §3: subscriptionExpires (M/D/YYYY or 'N/A')
    expect(fixtureSubscriptionDateParts(defaultSubscriptionExpiry('7/4/2027', today))).toEqual({
      month: 7,
      day: 4,
      year: 2027,
    });
    expect(fixtureSubscriptionDateParts(defaultSubscriptionExpiry('2027-07-04', today))).toEqual({
      month: 7,
      day: 4,
      year: 2027,
    });
  });

  it('when the expiry is the 2078-12-21 placeholder, then it counts as none', () => {
    // back-office §5: Placeholder dates of 2078-12-21 are used as fallbacks (decision: not a real expiry)
    expect(fixtureSubscriptionDateParts(defaultSubscriptionExpiry('12/21/2078', today))).toEqual({
      month: 3,
      day: 10,
      year: 2026,
    });
  });

  it('when a date is read or written, then it uses M/D/YYYY', () => {
    // back-office §9: Fixture expirations are shown as M/D/YYYY.
    expect(formatFixtureExpiry(new Date(2026, 0, 5))).toBe('1/5/2026');
    expect(parseFixtureExpiry('2/30/2026')).toBeNull();
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (date) => {
          const parsed = parseFixtureExpiry(formatFixtureExpiry(date));
          expect(parsed && fixtureSubscriptionDateParts(parsed)).toEqual(fixtureSubscriptionDateParts(date));
        },
      ),
    );
  });

  it('when a subscription is sent, then the date goes as parts, and Included sends the placeholder', () => {
    // back-office §5: The date is sent as year, month and day parts; Placeholder dates of 2078-12-21 are used as fallbacks
    expect(subscriptionRequestDateParts(1, new Date(2026, 5, 1))).toEqual({ month: 6, day: 1, year: 2026 });
    expect(subscriptionRequestDateParts(0, new Date(2026, 5, 1))).toEqual({ month: 12, day: 21, year: 2078 });
    expect(subscriptionRequestDateParts(4, null)).toEqual({ month: 12, day: 21, year: 2078 });
  });
});

describe('form rules', () => {
  it('when the fixture serial is empty, then create does nothing', () => {
    // back-office §5: Create fixture acts only if the serial number is non-empty.
    expect(canCreateFixture('')).toBe(false);
    expect(canCreateFixture('FX123')).toBe(true);
    expect(canModifySubscription({ serialNumber: '' })).toBe(false);
    expect(canModifySubscription({ serialNumber: 'FX123' })).toBe(true);
  });

  it('when a target has a package, a name and a valid ID, then Create is enabled', () => {
    // back-office §5: Create target needs a package and a target name. The target ID must be an integer of 0 or more
    expect(canCreateEzTarget({ packageIndex: 4, targetName: 'Radar plate', targetId: '3' })).toBe(true);
    expect(canCreateEzTarget({ packageIndex: 4, targetName: 'Radar plate', targetId: '3.5' })).toBe(false);
    expect(canCreateEzTarget({ packageIndex: null, targetName: 'Radar plate', targetId: 3 })).toBe(false);
    expect(canCreateEzTarget({ packageIndex: 0, targetName: '', targetId: 3 })).toBe(false);
    expect(canModifyEzTarget({ targetName: 'x' })).toBe(true);
    expect(canModifyEzTarget({ targetName: '' })).toBe(false);
  });
});
