/** Support tickets with comments and a few image attachments (back-office §2.1, §3). */
import { TICKET_DISPOSITIONS } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { ticketAttachments, ticketComments, tickets } from '../store/schema';
import { BATCH_SIZE, insertInBatches } from './batch';
import { DAY_MS, HOUR_MS, MINUTE_MS, earliest, shift } from './dates';
import { renderPanel, type RenderedImage } from './images';
import type { StaffMember } from './people';
import type { Rng } from '../core/random';
import { CALLERS, COMMENTS, IN_SERVICE, ISSUE_STARTED, PROBLEMS, type Problem } from './ticket-texts';
import type { UnitSummary } from './units';

type TicketRow = typeof tickets.$inferInsert;

/** About 2 tickets per 100 units, never fewer than 40 (when there are units at all). */
export function ticketCountFor(size: number): number {
  return size === 0 ? 0 : Math.max(40, Math.round(size * 0.02));
}

const GTPS_PROBLEMS = [3, 6, 8];

function problemFor(rng: Rng, unit: UnitSummary): Problem {
  const index =
    unit.family === 'gtps'
      ? rng.pick(GTPS_PROBLEMS)
      : rng.pick(
          PROBLEMS.map((_, i) => i).filter((i) => i !== 8 && (i !== 11 || unit.family === 'aligner-oasis')),
        );
  const problem = PROBLEMS[index];
  if (!problem) throw new Error('ticket problem out of range');
  return problem;
}

function yesNo(rng: Rng): boolean | null {
  return rng.chance(0.08) ? null : rng.chance(0.5);
}

/** The images attachments are made of, rendered once and shared. */
async function attachmentImages(): Promise<{ title: string; image: RenderedImage }[]> {
  const panels = [
    {
      title: 'Camera Error 0x1F',
      background: '#8a2b2b',
      lines: ['Left camera pod not responding', 'Check cable and power'],
    },
    {
      title: 'Compensation Failed',
      background: '#2f5f8f',
      lines: ['Rear axle: target not found', 'Retry compensation'],
    },
    {
      title: 'Printer Offline',
      background: '#5b4a8a',
      lines: ['Report could not be printed', 'Printer: USB001'],
    },
    {
      title: 'Update Stalled',
      background: '#2f7a4f',
      lines: ['Downloading apps.tar.gz', 'Progress 43% - 0 B/s'],
    },
  ];
  return Promise.all(
    panels.map(async (p) => ({
      title: p.title,
      image: await renderPanel({ width: 640, height: 400, ...p }),
    })),
  );
}

/**
 * Inserts `count` tickets on units of the directory. The first tickets go, open, to units on the
 * radar, so the radar shows open-ticket badges.
 */
export async function insertTickets(
  db: Db,
  rng: Rng,
  now: Date,
  options: {
    count: number;
    directory: readonly UnitSummary[];
    staff: readonly StaffMember[];
    radarSerials: readonly string[];
  },
): Promise<void> {
  const { count, directory, staff } = options;
  if (count === 0 || directory.length === 0) return;
  const bySerial = new Map(directory.map((u) => [u.serialNumber, u]));
  const issuers = staff.filter((s) => s.role !== 'guest' && s.role !== 'ezadas');
  const closers = issuers.filter((s) => s.active);

  const rows: TicketRow[] = [];
  const closedAt: (Date | null)[] = [];
  for (let i = 0; i < count; i++) {
    const radarSerial = i < 6 ? options.radarSerials[i] : undefined;
    const unit = (radarSerial && bySerial.get(radarSerial)) || rng.pick(directory);
    const open = radarSerial !== undefined || rng.chance(0.4);
    const createdAt = open
      ? shift(now, -rng.float(0.1, 60) * DAY_MS)
      : shift(now, -rng.float(10, 540) * DAY_MS);
    const closed = open
      ? null
      : new Date(Math.min(now.getTime(), createdAt.getTime() + rng.float(1, 30 * 24) * HOUR_MS));
    const issuer = rng.pick(issuers);
    const caller = rng.pick(CALLERS);
    const problem = problemFor(rng, unit);
    rows.push({
      serialNumber: unit.serialNumber,
      status: open ? 'open' : 'closed',
      escalated: rng.chance(open ? 0.5 : 0.4),
      issuerUsername: issuer.username,
      issuerEmail: issuer.email,
      closedByUsername: closed ? rng.pick(closers).username : null,
      closedAt: closed,
      originatorName: caller.name,
      originatorEmail: caller.email,
      techOnSite: yesNo(rng),
      exhibitingNow: yesNo(rng),
      reproducible: yesNo(rng),
      // Every disposition appears; a few callers leave it unanswered.
      disposition:
        i < TICKET_DISPOSITIONS.length
          ? TICKET_DISPOSITIONS[i]
          : rng.chance(0.05)
            ? ''
            : rng.pick(TICKET_DISPOSITIONS),
      inService: rng.pick(IN_SERVICE),
      componentsReplaced: problem.componentsReplaced,
      description: problem.description,
      circumstance: problem.circumstance,
      attemptedResolution: problem.attemptedResolution,
      environment: problem.environment,
      other: problem.other,
      issueStartedOn: rng.pick(ISSUE_STARTED),
      version: unit.semantic,
      specs: unit.specsName ?? 'unknown',
      connected: unit.connected,
      family: unit.family,
      model: unit.model,
      createdAt,
      updatedAt: closed ?? createdAt,
    });
    closedAt.push(closed);
  }

  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const inserted = await db
      .insert(tickets)
      .values(rows.slice(start, start + BATCH_SIZE))
      .returning({ id: tickets.id });
    ids.push(...inserted.map((r) => r.id));
  }

  const comments: (typeof ticketComments.$inferInsert)[] = [];
  rows.forEach((row, i) => {
    const id = ids[i];
    const created = row.createdAt;
    if (id === undefined || !created) return;
    const end = closedAt[i] ?? now;
    const n = rng.int(0, 5);
    let at = created.getTime();
    const step = (end.getTime() - at) / (n + 1);
    for (let k = 0; k < n; k++) {
      at += rng.float(0.3, 1) * step;
      const last = k === n - 1 && closedAt[i];
      comments.push({
        ticketId: id,
        authorUsername: last && row.closedByUsername ? row.closedByUsername : rng.pick(issuers).username,
        text: last
          ? rng.pick(COMMENTS.filter((c) => c.startsWith('Closing')))
          : rng.pick(COMMENTS.filter((c) => !c.startsWith('Closing'))),
        createdAt: new Date(Math.round(at)),
      });
    }
  });
  await insertInBatches(db, ticketComments, comments);

  const images = await attachmentImages();
  const attachments: (typeof ticketAttachments.$inferInsert)[] = [];
  const withFiles = rng.sample(
    ids.map((id, i) => ({ id, row: rows[i] })),
    Math.min(6, ids.length),
  );
  for (const { id, row } of withFiles) {
    if (!row?.createdAt) continue;
    for (let k = 0, n = rng.int(1, 2); k < n; k++) {
      const picked = rng.pick(images);
      const base = `${picked.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}-${k + 1}`;
      attachments.push({
        ticketId: id,
        fileName: `${base}.png`,
        thumbFileName: `${base}-thumb.png`,
        mimeType: 'image/png',
        description: rng.chance(0.85) ? `Photo of the screen: ${picked.title}` : '',
        authorUsername: row.issuerUsername,
        data: picked.image.image,
        thumbnail: picked.image.thumbnail,
        createdAt: earliest(shift(row.createdAt, rng.int(5, 120) * MINUTE_MS), row.closedAt ?? now),
      });
    }
  }
  await insertInBatches(db, ticketAttachments, attachments);
}
