/** Notifications (ads) and in-app messages in every disposition (back-office §2.6, §2.7, §3). */
import {
  MESSAGE_DISPOSITIONS,
  MESSAGE_SOFTWARE_VERSION,
  NOTIFICATION_MIME_TYPES,
  NOTIFICATION_TARGET_FAMILIES,
  NOTIFICATION_TARGET_TYPE,
  type MessageDisposition,
  type NotificationMimeType,
} from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { messages, notifications } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, shift, startOfUtcDay } from './dates';
import type { StaffMember } from './people';
import type { PlaceBook } from './places';
import type { Rng } from '../core/random';
import type { UnitSummary } from './units';

const ADS: readonly { name: string; file: string; mimeType: NotificationMimeType }[] = [
  { name: 'Spring Alignment Special', file: 'spring-alignment-special.png', mimeType: 'image/png' },
  { name: 'Specs Renewal Reminder', file: 'specs-renewal.jpg', mimeType: 'image/jpeg' },
  { name: 'ADAS Calibration Webinar', file: 'adas-webinar.html', mimeType: 'text/html' },
  { name: 'New Clamp Adapters', file: 'clamp-adapters.png', mimeType: 'image/png' },
  { name: 'Winter Tyre Season', file: 'winter-tyres.jpg', mimeType: 'image/jpeg' },
  { name: 'Tru-Point Tread Report Tips', file: 'tread-report-tips.html', mimeType: 'text/html' },
  { name: 'Service Plan Upgrade', file: 'service-plan.png', mimeType: 'image/png' },
  { name: 'Trade Show Invitation', file: 'trade-show.html', mimeType: 'text/html' },
  { name: 'Target Cleaning Guide', file: 'target-cleaning.jpg', mimeType: 'image/jpeg' },
  { name: 'Software 5.4 Highlights', file: 'software-54.html', mimeType: 'text/html' },
  { name: 'Holiday Support Hours', file: 'holiday-hours.png', mimeType: 'image/png' },
  { name: 'EZ ADAS Premium Trial', file: 'ez-adas-trial.jpg', mimeType: 'image/jpeg' },
  { name: 'Lift Safety Check', file: 'lift-safety.png', mimeType: 'image/png' },
  { name: 'Training Academy Courses', file: 'training.html', mimeType: 'text/html' },
  { name: 'Oasis Cabinet Accessories', file: 'oasis-accessories.jpg', mimeType: 'image/jpeg' },
];

/** Fifteen ads: some over, some running, some to come; targeted by country, region and city. */
export async function insertNotifications(
  db: Db,
  rng: Rng,
  now: Date,
  places: PlaceBook,
  staff: readonly StaffMember[],
): Promise<void> {
  const authors = staff.filter((s) => s.active && (s.role === 'admin' || s.role === 'engineer'));
  const countries = places.countryCodes.slice(0, 10);
  const today = startOfUtcDay(now);
  const rows = ADS.map((ad, i) => {
    // Thirds: over, running now, still to come.
    const phase = Math.floor(i / 5) % 3;
    const beginsOn =
      phase === 0
        ? shift(today, -rng.int(40, 120) * DAY_MS)
        : phase === 1
          ? shift(today, -rng.int(1, 20) * DAY_MS)
          : shift(today, rng.int(3, 40) * DAY_MS);
    const endsOn =
      phase === 0
        ? shift(today, -rng.int(2, 30) * DAY_MS - 1)
        : shift(beginsOn, rng.int(14, 60) * DAY_MS - 1);
    const country = i < 5 ? 'US' : rng.pick(countries);
    const place = rng.pick(
      places.placesOf(country).length > 0 ? places.placesOf(country) : places.placesOf(countries[0] ?? 'US'),
    );
    const depth = i % 5 === 0 ? 'country' : i % 5 < 3 ? 'region' : 'city';
    return {
      name: ad.name,
      resourcePath: `/ads/${ad.file}`,
      mimeType: ad.mimeType,
      beginsOn,
      endsOn,
      targetType: NOTIFICATION_TARGET_TYPE,
      target: {
        family: NOTIFICATION_TARGET_FAMILIES[(i + phase) % NOTIFICATION_TARGET_FAMILIES.length] ?? 'all',
        country: place?.country_code ?? country,
        region: depth === 'country' || !place ? null : place.region,
        city: depth === 'city' && place ? place.city : null,
      },
      createdBy: rng.pick(authors).username,
      createdAt: shift(beginsOn, -rng.int(2, 20) * DAY_MS),
    };
  });
  // Every MIME type of the spec is present (the list above cycles through them).
  for (const mime of NOTIFICATION_MIME_TYPES)
    if (!rows.some((r) => r.mimeType === mime)) throw new Error(`no ${mime} ad`);
  await insertInBatches(db, notifications, rows);
}

const MESSAGE_TEXTS: readonly { header: string; body: string; callToAction: string }[] = [
  {
    header: 'New vehicle specs are available',
    body: 'This month’s specification update adds 2025 and 2026 models. Install it from the Updates screen.',
    callToAction: 'Open Updates to install the new specs.',
  },
  {
    header: 'Scheduled maintenance this weekend',
    body: 'Cloud services will be unavailable Saturday 02:00-04:00 UTC. Alignments are not affected.',
    callToAction: 'No action needed.',
  },
  {
    header: 'Free target cleaning kit',
    body: 'Order a free target cleaning kit with your next specs renewal.',
    callToAction: 'Call your distributor and mention code CLEAN25.',
  },
  {
    header: 'Software 5.4 is here',
    body: 'Faster compensation, new ADAS target placement screens and printer fixes.',
    callToAction: 'Ask your administrator to install 5.4 tonight.',
  },
  {
    header: 'Calibrate your cameras every 6 months',
    body: 'Regular camera calibration keeps readings accurate. Your last calibration may be due.',
    callToAction: 'Run Target Calibration from the Service menu.',
  },
  {
    header: 'Join our ADAS training webinar',
    body: 'Learn the new ADAS setup workflow in a one-hour live session with our trainers.',
    callToAction: 'Register at training.equipment-dashboard.example.',
  },
  {
    header: 'Specs subscription expiring',
    body: 'Your vehicle specs subscription ends soon. Renew now to keep receiving new models.',
    callToAction: 'Contact sales to renew.',
  },
  {
    header: 'Tell us how we are doing',
    body: 'Take a two-minute survey about your aligner and our support.',
    callToAction: 'Open the survey from the Home screen.',
  },
];

/** How many messages of each disposition, and which of them the admin wrote (My Drafts for admin). */
const MESSAGE_PLAN: Record<MessageDisposition, { count: number }> = {
  draft: { count: 6 },
  'pending approval': { count: 3 },
  upcoming: { count: 3 },
  active: { count: 4 },
  completed: { count: 5 },
  deleted: { count: 3 },
};

function scheduleFor(rng: Rng, disposition: MessageDisposition, today: Date): { start: Date; end: Date } {
  let startDay: number;
  let days: number;
  switch (disposition) {
    case 'active':
      startDay = -rng.int(1, 20);
      days = -startDay + rng.int(3, 30);
      break;
    case 'completed':
      startDay = -rng.int(30, 150);
      days = rng.int(7, 25);
      break;
    case 'deleted':
      startDay = rng.int(-60, 30);
      days = rng.int(5, 20);
      break;
    default:
      startDay = rng.int(2, 40);
      days = rng.int(7, 30);
  }
  const start = shift(today, startDay * DAY_MS);
  // The console sends the start of the start day and the end of the end day, in UTC.
  return { start, end: shift(start, days * DAY_MS - 1) };
}

/** Messages in every disposition; drafts by the admin and by other people. */
export async function insertMessages(
  db: Db,
  rng: Rng,
  now: Date,
  places: PlaceBook,
  directory: readonly UnitSummary[],
  staff: readonly StaffMember[],
): Promise<void> {
  const today = startOfUtcDay(now);
  const admin = staff.find((s) => s.username === 'admin');
  const others = staff.filter(
    (s) => s.active && s.username !== 'admin' && ['admin', 'engineer', 'support_lvl2'].includes(s.role),
  );
  if (!admin || others.length === 0) return;
  const markets = places.countryCodes.slice(0, 8);
  const rows: (typeof messages.$inferInsert)[] = [];
  let textIndex = 0;
  for (const disposition of MESSAGE_DISPOSITIONS) {
    for (let i = 0; i < MESSAGE_PLAN[disposition].count; i++) {
      // Half of the drafts are the admin's own (My Drafts), half someone else's (Other Drafts).
      const issuer =
        disposition === 'draft'
          ? i % 2 === 0
            ? admin
            : rng.pick(others)
          : rng.chance(0.4)
            ? admin
            : rng.pick(others);
      const text = MESSAGE_TEXTS[textIndex++ % MESSAGE_TEXTS.length];
      if (!text) continue;
      const market = rng.pick(markets);
      const inMarket = directory.filter((u) => u.countryCode === market);
      const serialNumbers =
        rng.chance(0.4) && inMarket.length > 0
          ? rng.sample(inMarket, rng.int(1, 5)).map((u) => u.serialNumber)
          : [];
      const { start, end } = scheduleFor(rng, disposition, today);
      const createdAt = new Date(Math.min(now.getTime(), shift(start, -rng.int(1, 14) * DAY_MS).getTime()));
      rows.push({
        header: text.header,
        body: text.body,
        callToAction: text.callToAction,
        startDate: start,
        endDate: end,
        market,
        softwareVersion: MESSAGE_SOFTWARE_VERSION,
        serialNumbers,
        issuerUsername: issuer.username,
        issuerEmail: issuer.email,
        disposition,
        createdAt,
        updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(0, 3) * DAY_MS)),
      });
    }
  }
  await insertInBatches(db, messages, rows);
}
