import { createSavedView, deleteSavedView, readSavedViews } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

/** Saved views of the lists: a screen's picker reads them, Save view and delete change them. */
export const savedViewsApi = injectAreaEndpoints((call) => ({
  readSavedViews: call.query(readSavedViews, (_result, _error, { screen }) => [
    { type: 'SavedView', id: screen },
  ]),
  createSavedView: call.mutation(createSavedView, (_result, _error, { screen }) => [
    { type: 'SavedView', id: screen },
  ]),
  // The deletion names only the id: every screen's picker reloads (a rare action).
  deleteSavedView: call.mutation(deleteSavedView, ['SavedView']),
}));

export const { useReadSavedViewsQuery, useCreateSavedViewMutation, useDeleteSavedViewMutation } =
  savedViewsApi;
