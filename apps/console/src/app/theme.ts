import type { ThemeConfig } from 'antd';

/**
 * Secondary text (descriptions, statistic titles, form help, empty states, step titles): black at 60 %, #666 on
 * white, 5.7:1 on white and 5.5:1 on the selected row's #e6f4ff. antd's 45 % is 3.4:1, under WCAG's 4.5:1.
 */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * Links, active tabs, the selected menu item and primary buttons: antd's blue-7, 6.2:1 on white (#1677ff: 4.1).
 * Hovered and pressed they darken (blue-8, blue-9) instead of antd's lighter hover, where white text fell to 3:1.
 */
const PRIMARY = '#0958d9';
const PRIMARY_HOVER = '#003eb3';
const PRIMARY_ACTIVE = '#002c8c';

/** Error text and danger buttons: antd's red-7, 5.6:1 on white (#ff4d4f: 3.3); darker when hovered and pressed. */
const ERROR = '#cf1322';
const ERROR_HOVER = '#a8071a';
const ERROR_ACTIVE = '#820014';

/** Warning text (a rollout's pause reason): antd's gold-9, 6.8:1 on white (#faad14: 1.9). Icons keep antd's gold. */
const WARNING_TEXT = '#874d00';

/**
 * A preset tag's text is step 7 of its colour's palette on step 1: where that is under 4.5:1 (green 3.4, cyan 3.4,
 * orange 3.3, volcano 4.4, gold 2.8, lime 2.5, yellow 2.1), the text takes a darker step of the same colour (green,
 * cyan, orange, volcano: step 8, 5.1 to 6.4:1; gold, lime, yellow: step 9, 5.2 to 6.6:1).
 */
const TAG_TEXT = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  volcano: '#ad2102',
  gold: '#874d00',
  lime: '#3f6600',
  yellow: '#876800',
} as const;

/** Step 7 under both of antd's names for it (`green7` and `green-7`): both become the CSS variable --ant-green-7. */
const TAG_TEXT_TOKENS = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([colour, text]) => [
    [`${colour}7`, text],
    [`${colour}-7`, text],
  ]),
);

/**
 * The console's light theme, every colour at least 4.5:1 against the background it is drawn on (WCAG 2.2 AA as
 * axe-core measures it). Zero-runtime styles: antd's prebuilt stylesheet (main.tsx) reads every colour from CSS
 * variables, which antd writes from these tokens at run time, so the stylesheet needs no rebuild.
 */
export const THEME = {
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    colorPrimaryActive: PRIMARY_ACTIVE,
    colorInfo: PRIMARY,
    colorLink: PRIMARY,
    colorLinkHover: PRIMARY_HOVER,
    colorLinkActive: PRIMARY_ACTIVE,
    colorError: ERROR,
    colorErrorHover: ERROR_HOVER,
    colorErrorActive: ERROR_ACTIVE,
    colorWarningText: WARNING_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    colorTextPlaceholder: SECONDARY_TEXT,
    ...TAG_TEXT_TOKENS,
    borderRadius: 6,
  },
} satisfies ThemeConfig;
