/**
 * In-app messages (back-office §2.7, §4, §5, §7.4): field rules, the schedule in UTC, the tabs and
 * their list filters, and the disposition flow.
 */
import {
  MESSAGE_BODY_MAX,
  MESSAGE_CALL_TO_ACTION_MAX,
  MESSAGE_HEADER_MAX,
  type MessageDisposition,
} from '../constants/constants';
import { can, PERMISSIONS, type Role } from '../permissions/permissions';

/** A message being edited; dates are calendar days 'YYYY-MM-DD'. */
export interface MessageDraft {
  /** Header, at most 75 characters. */
  header?: string | null;
  /** Body, at most 200 characters. */
  body?: string | null;
  /** Call to action, at most 200 characters. */
  callToAction?: string | null;
  /** Market: a country code from the aligner countries list. */
  market?: string | null;
  /** First day, 'YYYY-MM-DD'. */
  startDate?: string | null;
  /** Last day, 'YYYY-MM-DD'. */
  endDate?: string | null;
}

/** A field of {@link MessageDraft}. */
export type MessageField = 'header' | 'body' | 'callToAction' | 'market' | 'startDate' | 'endDate';

/** Field -> message for every field with a problem. */
export type MessageProblems = Partial<Record<MessageField, string>>;

/** The field message for a missing value (back-office §8: "Form field message: 'Required'"). */
const REQUIRED_MESSAGE = 'Required';
/** The message for a date that is not a real 'YYYY-MM-DD' day. */
const INVALID_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
/** The message for a start date in the past (back-office §5). */
const START_IN_PAST_MESSAGE = 'The start date must be today or later.';
/** The message for an end date before the start date (back-office §5). */
const END_BEFORE_START_MESSAGE = 'The end date must be on or after the start date.';

/** The character limits of the text fields (back-office §5, §9). */
export const MESSAGE_LIMITS = {
  header: MESSAGE_HEADER_MAX,
  body: MESSAGE_BODY_MAX,
  callToAction: MESSAGE_CALL_TO_ACTION_MAX,
} as const;

/** The message for a text over its limit, e.g. 'At most 75 characters.' */
export function tooLongMessage(limit: number): string {
  return `At most ${limit} characters.`;
}

/**
 * The length of a message text as its counter shows it. Decision: Unicode code points, so an emoji
 * counts once.
 */
export function messageTextLength(text: string | null | undefined): number {
  return typeof text === 'string' ? Array.from(text).length : 0;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is a real calendar day written 'YYYY-MM-DD' (2024-02-30 is not). */
export function isIsoDay(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = ISO_DAY.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const blank = (value: string | null | undefined) => typeof value !== 'string' || value.trim() === '';

/**
 * The problems of a message draft, by field; {} when it can be saved (back-office §5): every field is
 * required ('Required'); header at most 75, body and call to action at most 200 characters; the start
 * date today or later; the end date on or after the start date. `today` is the caller's calendar day
 * ('YYYY-MM-DD'): the console passes the user's local day, the server its own day.
 */
export function messageProblems(draft: MessageDraft, today: string): MessageProblems {
  const problems: MessageProblems = {};
  for (const field of ['header', 'body', 'callToAction'] as const) {
    const value = draft[field];
    if (blank(value)) problems[field] = REQUIRED_MESSAGE;
    else if (messageTextLength(value) > MESSAGE_LIMITS[field])
      problems[field] = tooLongMessage(MESSAGE_LIMITS[field]);
  }
  if (blank(draft.market)) problems.market = REQUIRED_MESSAGE;
  const { startDate, endDate } = draft;
  if (blank(startDate)) problems.startDate = REQUIRED_MESSAGE;
  else if (!isIsoDay(startDate)) problems.startDate = INVALID_DATE_MESSAGE;
  else if (isIsoDay(today) && startDate < today) problems.startDate = START_IN_PAST_MESSAGE;
  if (blank(endDate)) problems.endDate = REQUIRED_MESSAGE;
  else if (!isIsoDay(endDate)) problems.endDate = INVALID_DATE_MESSAGE;
  else if (isIsoDay(startDate) && endDate < startDate) problems.endDate = END_BEFORE_START_MESSAGE;
  return problems;
}

/** True when the draft can be saved: no problems (back-office §5: "Save is disabled until all are set"). */
export function canSaveMessage(draft: MessageDraft, today: string): boolean {
  return Object.keys(messageProblems(draft, today)).length === 0;
}

/**
 * The end date after the start date changed (back-office §5: "If the start moves past the end, the end
 * is set to the start"). Returns the end unchanged otherwise ('YYYY-MM-DD' compares as text).
 */
export function clampEndToStart(
  start: string | null | undefined,
  end: string | null | undefined,
): string | null {
  if (isIsoDay(start) && isIsoDay(end) && start > end) return start;
  return end ?? null;
}

/**
 * The schedule as sent on create: the start of the start day and the end of the end day, in UTC
 * (back-office §5), e.g. '2025-03-01T00:00:00.000Z' and '2025-03-31T23:59:59.999Z'. Throws a
 * RangeError when a date is not a 'YYYY-MM-DD' day.
 */
export function messageScheduleUtc(
  startDate: string,
  endDate: string,
): { startDate: string; endDate: string } {
  if (!isIsoDay(startDate)) throw new RangeError(`Not a YYYY-MM-DD day: ${String(startDate)}`);
  if (!isIsoDay(endDate)) throw new RangeError(`Not a YYYY-MM-DD day: ${String(endDate)}`);
  return { startDate: `${startDate}T00:00:00.000Z`, endDate: `${endDate}T23:59:59.999Z` };
}

/**
 * The Messaging tabs in order, with their list filters and row actions (back-office §2.7, §7.4).
 * `mine: true` filters by the signed-in user's username (with `invert: true`: everyone else's);
 * `mine: false` sends an empty issuer; no `mine` sends no issuer filter.
 */
export const MESSAGE_TABS = [
  {
    key: 'myDrafts',
    label: 'My Drafts',
    filter: { mine: true, invert: false, disposition: 'draft' },
    actions: ['edit', 'delete'],
  },
  {
    key: 'otherDrafts',
    label: 'Other Drafts',
    filter: { mine: true, invert: true, disposition: 'draft' },
    actions: ['view'],
  },
  {
    key: 'pendingApproval',
    label: 'Pending Approval',
    filter: { disposition: 'pending approval' },
    actions: ['view', 'approve'],
  },
  { key: 'upcoming', label: 'Upcoming', filter: { disposition: 'upcoming' }, actions: ['view'] },
  {
    key: 'active',
    label: 'Active',
    filter: { mine: false, invert: false, disposition: 'active' },
    actions: ['view'],
  },
  {
    key: 'completed',
    label: 'Completed',
    filter: { mine: false, invert: false, disposition: 'completed' },
    actions: ['view'],
  },
  {
    key: 'deleted',
    label: 'Deleted',
    filter: { mine: false, invert: false, disposition: 'deleted' },
    actions: ['view'],
  },
] as const satisfies readonly {
  key: string;
  label: string;
  filter: { mine?: boolean; invert?: boolean; disposition: MessageDisposition };
  actions: readonly ('view' | 'edit' | 'delete' | 'approve')[];
}[];

/** One Messaging tab. */
export type MessageTab = (typeof MESSAGE_TABS)[number];
/** The key of a Messaging tab. */
export type MessageTabKey = MessageTab['key'];

/**
 * True when the role may read drafts of others. Decision: a draft is its issuer's work in progress, read only by
 * them and by the roles that approve messages (messagesApprove).
 */
export function mayReadOthersDrafts(role: Role | string | null | undefined): boolean {
  return can(role, PERMISSIONS.messagesApprove);
}

/** True when the viewer may read the message: any message past draft, and drafts per {@link mayReadOthersDrafts}. */
export function mayReadMessage(
  viewer: { username: string; role: Role | string | null | undefined },
  message: { issuerUsername: string; disposition: MessageDisposition },
): boolean {
  return (
    message.disposition !== 'draft' ||
    message.issuerUsername === viewer.username ||
    mayReadOthersDrafts(viewer.role)
  );
}

/** The Messaging tabs a role sees: Other Drafts only for the roles that may read others' drafts. */
export function messageTabsFor(role: Role | string | null | undefined): MessageTab[] {
  return MESSAGE_TABS.filter((tab) => tab.key !== 'otherDrafts' || mayReadOthersDrafts(role));
}

/** The query of GET /read/messages/v1/ for a tab (back-office §7.4), without the page. */
export interface MessageListQuery {
  /** Issuer username; '' for "empty issuer"; absent for no issuer filter. */
  filterIssuerUsername?: string;
  /** True to list everyone except the issuer. */
  invert?: boolean;
  /** The disposition listed. */
  filterDisposition: MessageDisposition;
}

/** The list query of a tab for the signed-in user (back-office §7.4 "Message list filters per tab"). */
export function messageListQuery(tab: MessageTabKey, username: string): MessageListQuery {
  const found = MESSAGE_TABS.find((t) => t.key === tab) ?? MESSAGE_TABS[0];
  const filter: { mine?: boolean; invert?: boolean; disposition: MessageDisposition } = found.filter;
  const query: MessageListQuery = { filterDisposition: filter.disposition };
  if (filter.mine !== undefined) query.filterIssuerUsername = filter.mine ? username : '';
  if (filter.invert !== undefined) query.invert = filter.invert;
  return query;
}

/**
 * What each dialog button sets the disposition to (back-office §4: Save sets draft, Save and Submit
 * sets pending approval, Save and Approve sets upcoming). Decision: delete is a soft delete to
 * 'deleted', since the Deleted tab lists such messages.
 */
export const messageTransitions = {
  save: 'draft',
  submit: 'pending approval',
  approve: 'upcoming',
  delete: 'deleted',
} as const satisfies Record<string, MessageDisposition>;

/** A button of {@link messageTransitions}. */
export type MessageAction = keyof typeof messageTransitions;

/**
 * The disposition of a message at `now` (back-office §4: "How a message moves from upcoming to active or
 * completed ... is not shown"). Decision: an approved message (upcoming, active or completed) is
 * upcoming before its start, active from its start to its end (inclusive), and completed after its end;
 * draft, pending approval and deleted messages stay as they are whatever the dates. Unreadable dates
 * leave the disposition unchanged. Schedule dates are ISO strings as stored (see {@link messageScheduleUtc}).
 */
export function messageDispositionAt(
  schedule: { startDate: string; endDate: string },
  disposition: MessageDisposition,
  now: Date,
): MessageDisposition {
  if (disposition !== 'upcoming' && disposition !== 'active' && disposition !== 'completed')
    return disposition;
  const start = Date.parse(schedule?.startDate ?? '');
  const end = Date.parse(schedule?.endDate ?? '');
  const at = now instanceof Date ? now.getTime() : Number.NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || Number.isNaN(at)) return disposition;
  if (at < start) return 'upcoming';
  if (at <= end) return 'active';
  return 'completed';
}
