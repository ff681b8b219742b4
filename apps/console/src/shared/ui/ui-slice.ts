import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SNACKBAR_MS } from '@equipment-dashboard/domain';

/** One message of the 3-second snackbar or the 10-second alert snackbar. */
export interface Toast {
  id: number;
  text: string;
}

/** How a snackbar differs from the 3-second default (the EZ ADAS screen's stays 10 seconds, back-office §9). */
export interface SnackbarOptions {
  /** Time on screen. */
  ms?: number;
  /** The snackbar's test id, for a screen whose snackbar tests find by one. */
  testId?: string;
}

/** The snackbar's message, with its time on screen. */
export interface Snackbar extends Toast {
  ms: number;
  testId?: string;
}

/** Client-only UI state shared by the shell and the features: busy overlay and snackbars. */
export interface UiState {
  /** How many loads asked for the busy overlay; it shows while above 0. */
  busy: number;
  /** The snackbar (3 seconds unless told otherwise): one at a time, a newer one replaces it. */
  snackbar: Snackbar | null;
  /** The 10-second alerts, oldest first. */
  alerts: Toast[];
  nextId: number;
}

/** How many alerts stay on screen at once; older ones give way (a burst of ticket events). */
const MAX_ALERTS = 3;

const initialState: UiState = { busy: 0, snackbar: null, alerts: [], nextId: 1 };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    busyStarted(state) {
      state.busy += 1;
    },
    busyEnded(state) {
      state.busy = Math.max(0, state.busy - 1);
    },
    snackbarShown: {
      reducer(state, action: PayloadAction<{ text: string } & SnackbarOptions>) {
        const { text, ms = SNACKBAR_MS, testId } = action.payload;
        state.snackbar = { id: state.nextId, text, ms, testId };
        state.nextId += 1;
      },
      prepare(text: string, options: SnackbarOptions = {}) {
        return { payload: { text, ...options } };
      },
    },
    snackbarClosed(state, action: PayloadAction<number>) {
      if (state.snackbar?.id === action.payload) state.snackbar = null;
    },
    alertShown(state, action: PayloadAction<string>) {
      state.alerts.push({ id: state.nextId, text: action.payload });
      state.nextId += 1;
      if (state.alerts.length > MAX_ALERTS) state.alerts.splice(0, state.alerts.length - MAX_ALERTS);
    },
    alertClosed(state, action: PayloadAction<number>) {
      state.alerts = state.alerts.filter((alert) => alert.id !== action.payload);
    },
  },
});

export const { busyStarted, busyEnded, snackbarShown, snackbarClosed, alertShown, alertClosed } =
  uiSlice.actions;

interface WithUi {
  ui: UiState;
}

export const selectBusy = (state: WithUi): boolean => state.ui.busy > 0;
export const selectSnackbar = (state: WithUi): Snackbar | null => state.ui.snackbar;
export const selectAlerts = (state: WithUi): Toast[] => state.ui.alerts;
