/** AI assistant chat sessions started from units (back-office §2.11, §3). */
import type { Db } from '../store/database';
import { chatSessions } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, latest, shift } from './dates';
import type { Rng } from '../core/random';
import type { UnitSummary } from './units';

const EXCHANGES: readonly { query: string; response: string }[] = [
  {
    query: 'Why does rolling compensation keep failing on the rear wheels?',
    response:
      'Check that the rear targets are clean and fully visible to the cameras, that the clamps are tight, and that the vehicle rolls straight without steering input. Re-run compensation slowly.',
  },
  {
    query: 'The steering wheel is off-centre after the alignment. What did I miss?',
    response:
      'Level and lock the steering wheel before adjusting front toe, then adjust left and right toe individually until both are in spec with the wheel centred.',
  },
  {
    query: 'Camber is out of spec but there is no adjustment on this car.',
    response:
      'Many vehicles without factory camber adjustment accept offset bushings or camber bolts. Check the specs screen for the recommended kit before replacing parts.',
  },
  {
    query: 'How often should I calibrate the cameras?',
    response:
      'Run a target calibration every 6 months, after moving the aligner, or whenever readings look unstable.',
  },
  {
    query: 'Caster readings jump during the caster swing.',
    response:
      'Keep the brake pedal depressor installed, turn the wheels smoothly to the angles shown, and make sure the turn plates are unlocked and free of debris.',
  },
  {
    query: 'The printer does not print the alignment report.',
    response:
      'Check the printer status report from the console, confirm the printer is on the supported list, and reinstall its driver from the Setup menu.',
  },
  {
    query: 'Can I align a vehicle with a lift kit?',
    response:
      'Yes. Use the modified-vehicle option in vehicle selection and measure ride height; specs for stock height may not apply.',
  },
  {
    query: 'What does "target not found" mean during ADAS setup?',
    response:
      'The camera cannot see the ADAS target within the expected area. Check the distance, height and centreline shown on the placement screen.',
  },
  {
    query: 'Thrust angle is 0.3 degrees. Is that a problem?',
    response:
      'A thrust angle above about 0.1° makes the vehicle crab. Adjust rear toe first (if adjustable) to bring the thrust angle near zero before adjusting the front.',
  },
  {
    query: 'Tread depth shows 0 mm on all tyres.',
    response:
      'Clean the Tru-Point laser windows, confirm the unit is level, and drive over at walking speed. If it persists, run the self-test from the service page.',
  },
];

/** About 120 sessions over the last three months; a few still open. */
export async function insertChatSessions(
  db: Db,
  rng: Rng,
  now: Date,
  directory: readonly UnitSummary[],
): Promise<void> {
  if (directory.length === 0) return;
  const rows = Array.from({ length: 120 }, () => {
    const createdAt = shift(now, -(0.01 + 90 * rng.next() ** 1.5) * DAY_MS);
    const unit = rng.pick(directory);
    const length = rng.weighted<number>([
      [0, 8],
      [1, 30],
      [2, 25],
      [3, 15],
      [4, 10],
      [5, 7],
      [6, 5],
    ]);
    const conversation = rng.sample(EXCHANGES, length);
    const open = now.getTime() - createdAt.getTime() < 3 * DAY_MS && rng.chance(0.7);
    return {
      sessionId: rng.uuid(),
      serialNumber: unit.serialNumber,
      isOpen: open,
      conversation,
      queueWaitSeconds: length === 0 ? null : Math.round(rng.float(0.05, 4) * 1000) / 1000,
      engineSeconds: length === 0 ? null : Math.round(rng.float(1.5, 14) * 1000) / 1000,
      createdAt,
      updatedAt: new Date(
        Math.min(
          now.getTime(),
          latest(createdAt, shift(createdAt, length * rng.float(30, 240) * 1000)).getTime(),
        ),
      ),
    };
  });
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await insertInBatches(db, chatSessions, rows);
}
