import type { DesiredRow } from '../store/repos/desired-repo';
import type { FiguresChange } from './fleet-figures';
import { createReadModels, type CommittedChange } from './read-models';
import type { IndexedUnit } from './unit-index';

const unit = (serialNumber: string, staged: boolean): IndexedUnit => ({
  serialNumber,
  family: 'aligner',
  countryCode: 'US',
  versionSemantic: '5.0.0',
  createdAt: 1,
  updatedAt: 2,
  connected: true,
  lastSeenOnlineAt: 2,
  staged,
  autoStaged: false,
  stagedAt: staged ? 3 : null,
  state: 'TRY_INSERT_UPDATE',
  desiredRev: staged ? 1 : 0,
});

const desired = { serialNumber: 'AX1', rev: '1' } as unknown as DesiredRow;

describe("a process's one path for a committed change (read-models/read-models.ts)", () => {
  it('when a change commits, then the figures, the index and the listeners (a simulator) take it, and taking it again changes nothing', () => {
    const moved: FiguresChange[] = [];
    const models = createReadModels();
    models.onFiguresChanged((change) => moved.push(change));
    const heard: CommittedChange[] = [];
    models.onCommitted((change) => heard.push(change));
    const change: CommittedChange = {
      counts: [{ metric: 'total', family: 'aligner', key: '', shard: 1, n: 2 }],
      units: [unit('AX1', true), unit('AX2', false)],
      desired: [desired],
    };

    models.takeCommitted(change);
    models.takeCommitted(change);

    expect(models.figures.counters()).toMatchObject({ totalAligners: 2 });
    expect(moved).toHaveLength(1);
    expect(models.index.size).toBe(2);
    expect(models.index.unitFacts('AX1')).toBeDefined();
    expect(heard).toEqual([change, change]);

    models.takeCommitted({ removed: ['AX2'] });
    expect(models.index.has('AX2')).toBe(false);
    expect(heard.at(-1)).toEqual({ removed: ['AX2'] });
  });
});
