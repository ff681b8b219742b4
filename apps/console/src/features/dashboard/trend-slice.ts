import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { appendTrendSample } from '@equipment-dashboard/domain';
import { rootReducer } from '../../app/store';

/** The connected-aligner trend: the last 60 `connectedAligners` samples of CONNECTION_COUNTERS, oldest first. */
export interface TrendState {
  samples: number[];
}

const initialState: TrendState = { samples: [] };

export const trendSlice = createSlice({
  name: 'trend',
  initialState,
  reducers: {
    trendSampleAdded(state, action: PayloadAction<number>) {
      state.samples = appendTrendSample(state.samples, action.payload);
    },
  },
  selectors: {
    selectTrendSamples: (state) => state.samples,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof trendSlice> {}
}

const injected = trendSlice.injectInto(rootReducer);

export const { trendSampleAdded } = trendSlice.actions;
export const { selectTrendSamples } = injected.selectors;
