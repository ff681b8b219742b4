import fc from 'fast-check';
import { scenarioOutline, selectionSize } from './simulator';

describe('selectionSize', () => {
  it('when a selection has neither count nor fraction, then it picks every match', () => {
    // issue 42: how many units each selection picks now
    expect(selectionSize(120, {})).toBe(120);
    expect(selectionSize(0, {})).toBe(0);
  });

  it('when a selection has a count, then it picks that many at most', () => {
    expect(selectionSize(120, { count: 40 })).toBe(40);
    expect(selectionSize(12, { count: 40 })).toBe(12);
  });

  it('when a selection has a fraction, then it picks that share rounded, at least one of some', () => {
    expect(selectionSize(200, { fraction: 0.25 })).toBe(50);
    expect(selectionSize(3, { fraction: 0.01 })).toBe(1);
    expect(selectionSize(0, { fraction: 0.5 })).toBe(0);
  });

  it('when any limit is given, then the pick is between none and every match', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: undefined }),
        fc.option(fc.double({ min: 0.000001, max: 1, noNaN: true }), { nil: undefined }),
        (matching, count, fraction) => {
          const size = selectionSize(matching, {
            count,
            fraction: count === undefined ? fraction : undefined,
          });
          return size >= 0 && size <= matching && (matching === 0 || size > 0);
        },
      ),
    );
  });
});

describe('scenarioOutline', () => {
  it('when parts take services down and publish releases, then the outline lists them with when', () => {
    // issue 42: which services go down, which releases appear
    const outline = scenarioOutline([
      { services: { charon: 'down', cloud: 'up' } },
      { at: '20m', services: { charon: 'up' }, publish: [{ family: 'aligner', version: '5.9.0' }] },
      { at: '1h', services: { mail: 'down' } },
    ]);
    expect(outline).toEqual({
      servicesDown: [
        { service: 'charon', at: null },
        { service: 'mail', at: '1h' },
      ],
      releases: [{ family: 'aligner', version: '5.9.0', at: '20m' }],
    });
  });

  it('when no part changes services or releases, then the outline is empty', () => {
    expect(scenarioOutline([{}, { at: '5m' }])).toEqual({ servicesDown: [], releases: [] });
  });
});
