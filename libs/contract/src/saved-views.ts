import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { readAlignersQuerySchema } from './equipment';
import { recordIdSchema, timestampSchema } from './primitives';
import { updateSchedulerQuerySchema } from './scheduler';
import { nonBlankText, safeText, TEXT_MAX } from './text';

// Saved views of the lists: a named set of filters and sort, the user's own or shared.

/**
 * The lists a view can be saved on: the Equipment list, and each family's table of the Update Scheduler
 * (the screen's family tabs: Aligners, Tru-Points, Aligners-Oasis).
 */
export const SAVED_VIEW_SCREENS = [
  'equipment',
  'scheduler-aligner',
  'scheduler-gtps',
  'scheduler-aligner-oasis',
] as const;
/** One of {@link SAVED_VIEW_SCREENS}. */
export type SavedViewScreen = (typeof SAVED_VIEW_SCREENS)[number];

/**
 * The list query of each screen, from the contract's list calls: a view's query may hold only their keys
 * (but `page`: a view opens on page 1), with values they accept.
 */
export const SAVED_VIEW_LIST_QUERIES = {
  equipment: readAlignersQuerySchema,
  'scheduler-aligner': updateSchedulerQuerySchema,
  'scheduler-gtps': updateSchedulerQuerySchema,
  'scheduler-aligner-oasis': updateSchedulerQuerySchema,
} as const satisfies Record<SavedViewScreen, z.ZodObject>;

/** The longest view name. */
export const SAVED_VIEW_NAME_MAX = 80;

/** The keys a view of a screen may hold: its list query's filters and sort. */
export function savedViewKeys(screen: SavedViewScreen): string[] {
  return Object.keys(SAVED_VIEW_LIST_QUERIES[screen].shape).filter((key) => key !== 'page');
}

/** A saved view's query: the list query's filters and sort as the URL holds them (text values). */
export const savedViewQuerySchema = z.record(z.string(), z.string());

/** A saved view as the picker lists it. `owner` saved it; `shared` views are listed to everyone. */
export const savedViewSchema = z.object({
  id: recordIdSchema,
  screen: z.enum(SAVED_VIEW_SCREENS),
  name: z.string().min(1),
  owner: z.string().min(1),
  shared: z.boolean(),
  query: savedViewQuerySchema,
  createdAt: timestampSchema,
});
/** See {@link savedViewSchema}. */
export type SavedView = z.infer<typeof savedViewSchema>;

const queryValue = z
  .union([safeText(TEXT_MAX.name), z.boolean(), z.number()])
  .transform((value) => String(value).trim());

/**
 * Body of POST /create/saved_view/v1. The query holds only keys of the screen's list query (not `page`),
 * each value one that list accepts; empty values are dropped (an empty filter is no filter).
 */
export const createSavedViewBodySchema = z
  .strictObject({
    screen: z.enum(SAVED_VIEW_SCREENS),
    name: nonBlankText(SAVED_VIEW_NAME_MAX),
    shared: z.boolean().default(false),
    query: z.record(z.string(), queryValue),
  })
  .superRefine((body, ctx) => {
    const allowed = new Set(savedViewKeys(body.screen));
    for (const key of Object.keys(body.query)) {
      if (!allowed.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['query', key],
          message: `not a filter or sort of the ${body.screen} list`,
        });
      }
    }
    const checked = SAVED_VIEW_LIST_QUERIES[body.screen].safeParse(body.query);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['query', ...issue.path.map(String)], message: issue.message });
      }
    }
  })
  .transform((body) => ({
    ...body,
    query: Object.fromEntries(Object.entries(body.query).filter(([, value]) => value !== '')),
  }));

/** Body of POST /delete/saved_view/v1: the view's id. */
export const deleteSavedViewBodySchema = z.strictObject({ id: recordIdSchema });

/** Answer of the deletion. */
export const deletedSavedViewSchema = z.object({ id: recordIdSchema, deleted: z.literal(true) });

/** SAVED_VIEWS_CHANGED: a view of this screen was saved or deleted (consoles reload that screen's picker). */
export const savedViewsChangedPayloadSchema = z.object({ screen: z.enum(SAVED_VIEW_SCREENS) });
/** See {@link savedViewsChangedPayloadSchema}. */
export type SavedViewsChangedPayload = z.infer<typeof savedViewsChangedPayloadSchema>;

const savedViews = areaEndpoints('savedViews');

export const readSavedViews = savedViews.get('readSavedViews', '/read/saved_views/v1', {
  query: z.object({ screen: z.enum(SAVED_VIEW_SCREENS) }),
  response: z.array(savedViewSchema),
  summary: "Lists a screen's saved views the caller may apply: their own and the shared ones, by name.",
});

export const createSavedView = savedViews.post('createSavedView', '/create/saved_view/v1', {
  body: createSavedViewBodySchema,
  response: savedViewSchema,
  permission: PERMISSIONS.saveViews,
  summary: "Saves a list's filters and sort under a name, for the caller or shared with everyone.",
});

export const deleteSavedView = savedViews.post('deleteSavedView', '/delete/saved_view/v1', {
  body: deleteSavedViewBodySchema,
  response: deletedSavedViewSchema,
  permission: PERMISSIONS.saveViews,
  summary: 'Deletes a saved view: its owner or an admin (403 for others, 404 when unknown).',
});

/** Saved views of the lists: read, save, delete. */
export const savedViewsEndpoints = { readSavedViews, createSavedView, deleteSavedView } as const;
