import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi } from '@equipment-dashboard/api-client';
import { sessionSlice } from '../shared/session/session-slice';
import { uiSlice } from '../shared/ui/ui-slice';

/**
 * Slices that only signed-in screens need add themselves with `slice.injectInto(rootReducer)` and
 * declare themselves here by module augmentation, so the sign-in page does not load their code (and
 * what they import, such as the version rules behind the trend).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type -- filled by module augmentation (RTK's lazy slice pattern)
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  baseApi,
  sessionSlice,
  uiSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store: one per page load, and one per test. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
