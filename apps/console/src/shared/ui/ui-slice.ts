import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One message of the 3-second snackbar or the 10-second alert snackbar. */
export interface Toast {
  id: number;
  text: string;
}

/** Client-only UI state shared by the shell and the features: busy overlay and snackbars. */
export interface UiState {
  /** How many loads asked for the busy overlay; it shows while above 0. */
  busy: number;
  /** The 3-second snackbar: one at a time, a newer one replaces it. */
  snackbar: Toast | null;
  /** The 10-second alerts, oldest first. */
  alerts: Toast[];
  nextId: number;
}

/** How many alerts stay on screen at once; older ones give way (a burst of ticket events). */
export const MAX_ALERTS = 3;

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
    snackbarShown(state, action: PayloadAction<string>) {
      state.snackbar = { id: state.nextId, text: action.payload };
      state.nextId += 1;
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

export const { busyStarted, busyEnded, snackbarShown, snackbarClosed, alertShown, alertClosed } = uiSlice.actions;

interface WithUi {
  ui: UiState;
}

export const selectBusy = (state: WithUi): boolean => state.ui.busy > 0;
export const selectSnackbar = (state: WithUi): Toast | null => state.ui.snackbar;
export const selectAlerts = (state: WithUi): Toast[] => state.ui.alerts;
