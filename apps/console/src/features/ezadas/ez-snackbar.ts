import { useCallback } from 'react';
import { ALERT_MS } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../../shared/ui/ui-slice';

/**
 * A message in the EZ ADAS snackbar (back-office §2.8, §9): the console's snackbar with CLOSE, kept
 * 10 seconds (ALERT_MS) instead of 3, under the test id the screen's tests find it by.
 */
export const ezSnackbarShown = (text: string) =>
  snackbarShown(text, { ms: ALERT_MS, testId: 'ezadas-snackbar' });

/** Shows an outcome in the EZ ADAS snackbar; a newer one replaces it and restarts the clock. */
export function useEzNotify(): (text: string) => void {
  const dispatch = useAppDispatch();
  return useCallback((text: string) => void dispatch(ezSnackbarShown(text)), [dispatch]);
}
