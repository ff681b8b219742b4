import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';

/** The change-password dialog: open from the account menu, or forced open by an expired password. */
export interface ChangePasswordState {
  open: boolean;
  /** The password has expired: the dialog cannot be cancelled until it is changed. */
  expired: boolean;
}

const initialState: ChangePasswordState = { open: false, expired: false };

export const changePasswordSlice = createSlice({
  name: 'changePassword',
  initialState,
  reducers: {
    changePasswordOpened(state) {
      state.open = true;
    },
    passwordExpired(state) {
      state.open = true;
      state.expired = true;
    },
    /** Cancel (only when not expired). */
    changePasswordClosed(state) {
      state.open = false;
    },
    passwordChanged() {
      return { open: false, expired: false };
    },
  },
  selectors: {
    selectChangePassword: (state) => state,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof changePasswordSlice> {}
}

const injected = changePasswordSlice.injectInto(rootReducer);

export const { changePasswordOpened, passwordExpired, changePasswordClosed, passwordChanged } =
  changePasswordSlice.actions;
export const { selectChangePassword } = injected.selectors;
