import type { CountRow } from '../store/repos/counts-repo';
import { FleetFigures } from './fleet-figures';

const row = (metric: string, family: string, key: string, shard: number, n: number): CountRow => ({
  metric,
  family,
  key,
  shard,
  n,
});

describe("an API process's dashboard figures (read-models/fleet-figures.ts)", () => {
  it('when shards report and change their counters, then each figure is the sum over shards, and what fell to zero is gone', () => {
    const figures = new FleetFigures();
    figures.apply([
      row('total', 'aligner', '', 1, 10),
      row('total', 'aligner', '', 2, 5),
      row('connected', 'aligner', '', 1, 4),
      row('installed', 'aligner', '5.4.1', 1, 6),
      row('installed', 'aligner', '5.4.1', 2, 5),
      row('installed', 'aligner', '5.3.0', 1, 4),
      row('installed', 'gtps', '5.3.0', 3, 9),
      row('top', '', 'A1', 1, 90),
      row('top', '', 'B2', 2, 80),
      row('top', '', 'C3', 2, 70),
    ]);
    // A unit leaves shard 2's top ten and another enters; 5.3.0 is no longer installed on any aligner.
    const change = figures.apply([
      row('top', '', 'B2', 2, 0),
      row('top', '', 'D4', 2, 95),
      row('installed', 'aligner', '5.3.0', 1, 0),
    ]);

    expect(change).toMatchObject({ top: true, installed: true, counters: false });
    expect(figures.counters()).toEqual({ connectedAligners: 4, totalAligners: 15 });
    expect(figures.installedVersions('aligner')).toEqual([{ version: '5.4.1', total: 11 }]);
    expect(figures.installedVersions('gtps')).toEqual([{ version: '5.3.0', total: 9 }]);
    expect(figures.topAligners().map((t) => [t._id.serialNumber, t.count])).toEqual([
      ['D4', 95],
      ['A1', 90],
      ['C3', 70],
    ]);
    // A row read again unchanged moves nothing.
    expect(figures.apply([row('top', '', 'D4', 2, 95)])).toMatchObject({ top: false });
  });

  it('when versions share a semantic part, then every process lists them in one order, whatever order it read them in', () => {
    const rows = [
      row('installed', 'aligner', '5.1.0_hotfix', 1, 2),
      row('installed', 'aligner', '5.1.0', 2, 1),
      row('installed', 'aligner', '5.0.1', 1, 3),
      row('desired', 'aligner', '5.4.0', 1, 1),
      row('desired', 'aligner', '5.10.0', 2, 1),
      row('desired', 'aligner', '5.4.0_hotfix', 2, 1),
    ];
    const one = new FleetFigures();
    const other = new FleetFigures();
    one.apply(rows);
    other.apply([...rows].reverse());

    const expected = ['5.0.1', '5.1.0', '5.1.0_hotfix'];
    expect(one.installedVersions('aligner').map((v) => v.version)).toEqual(expected);
    expect(other.installedVersions('aligner').map((v) => v.version)).toEqual(expected);
    // A JSON object keeps its keys in the order they were set: the staged totals are set oldest version first.
    const staged = ['5.4.0', '5.4.0_hotfix', '5.10.0'];
    expect(Object.keys(one.stagedTotals('aligner').versions)).toEqual(staged);
    expect(Object.keys(other.stagedTotals('aligner').versions)).toEqual(staged);
  });
});
