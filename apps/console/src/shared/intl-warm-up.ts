import { whenIdle } from './when-idle';

/**
 * Creates, while the browser is idle, the ICU services that the signed-in screens use at once: the
 * number formatter behind `toLocaleString('en-US')` (the dashboard's counts) and the default collator
 * behind `localeCompare` (the chart library sorts with it). Chromium builds each on its first use, 15-30
 * and 7-15 ms here, and keeps it; on the login page, while the user types, that costs nothing, whereas
 * after LOGIN it lands in the dashboard's first render.
 */
export function warmUpIntl(): () => void {
  return whenIdle(() => {
    (0).toLocaleString('en-US');
    'a'.localeCompare('b');
  });
}
