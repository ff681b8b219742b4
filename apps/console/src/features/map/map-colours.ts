import { theme } from 'antd';
import { SHARE_STEPS } from '@equipment-dashboard/domain';

/** The map's colours: one per connected-share step (lowest first), and the rest of its drawing. */
export interface MapColours {
  steps: readonly string[];
  tooFew: string;
  noData: string;
  /** The drilled country, and the others around it. */
  land: string;
  other: string;
  sea: string;
  border: string;
  focus: string;
  offline: string;
  alert: string;
  tooltipBackground: string;
  tooltipText: string;
}

/**
 * The map's colours from the theme's tokens (set once in app/theme.ts): red to green through the palette's orange,
 * gold and lime, so that a low share reads as trouble; a place with too few units is the border grey, a country
 * without units the faintest fill. The legend names every colour: colour never carries the meaning alone.
 */
export function useMapColours(): MapColours {
  const { token } = theme.useToken();
  const steps = [token.red7, token.orange6, token.gold5, token.lime6, token.green6, token.green8];
  if (steps.length !== SHARE_STEPS.length) throw new Error('one colour per share step');
  return {
    steps,
    tooFew: token.colorTextDisabled,
    noData: token.colorBgContainer,
    land: token.colorBgContainer,
    other: token.colorFillSecondary,
    sea: token.colorInfoBg,
    border: token.colorBorder,
    focus: token.colorPrimary,
    offline: token.colorError,
    alert: token.colorWarning,
    tooltipBackground: token.colorBgSpotlight,
    tooltipText: token.colorTextLightSolid,
  };
}
