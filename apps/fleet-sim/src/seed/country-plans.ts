/**
 * Which countries the demo world's units are in and how many of them: the plan both the seed (places.ts) and
 * the script that derives the places' data (`tools/scripts/make-places.mjs`) read. No imports: the script loads it
 * as it is.
 */

/** Market of a country's spec data sets (the prefix of a spec name, e.g. 'US-2025-03'). */
export type SpecMarket = 'US' | 'EU' | 'AP' | 'LA';

export interface CountryPlan {
  code: string;
  /** Relative share of the fleet. */
  weight: number;
  market: SpecMarket;
}

/** Where a maker of US-designed shop equipment sells: mostly North America and Europe. */
export const COUNTRY_PLANS: readonly CountryPlan[] = [
  { code: 'US', weight: 38, market: 'US' },
  { code: 'CA', weight: 6, market: 'US' },
  { code: 'MX', weight: 3.5, market: 'LA' },
  { code: 'GB', weight: 5, market: 'EU' },
  { code: 'DE', weight: 6, market: 'EU' },
  { code: 'FR', weight: 4, market: 'EU' },
  { code: 'IT', weight: 3.5, market: 'EU' },
  { code: 'ES', weight: 2.5, market: 'EU' },
  { code: 'NL', weight: 1.5, market: 'EU' },
  { code: 'BE', weight: 1, market: 'EU' },
  { code: 'CH', weight: 1, market: 'EU' },
  { code: 'AT', weight: 0.8, market: 'EU' },
  { code: 'SE', weight: 1, market: 'EU' },
  { code: 'PL', weight: 1, market: 'EU' },
  { code: 'IE', weight: 0.5, market: 'EU' },
  { code: 'PT', weight: 0.5, market: 'EU' },
  { code: 'AU', weight: 3.5, market: 'AP' },
  { code: 'NZ', weight: 0.7, market: 'AP' },
  { code: 'JP', weight: 2.5, market: 'AP' },
  { code: 'KR', weight: 1, market: 'AP' },
  { code: 'CN', weight: 4, market: 'AP' },
  { code: 'IN', weight: 2.5, market: 'AP' },
  { code: 'TH', weight: 0.5, market: 'AP' },
  { code: 'BR', weight: 3, market: 'LA' },
  { code: 'AR', weight: 0.8, market: 'LA' },
  { code: 'CL', weight: 0.6, market: 'LA' },
  { code: 'ZA', weight: 1.5, market: 'EU' },
  { code: 'AE', weight: 0.5, market: 'EU' },
];

/** Places per country: enough for a realistic spread, few enough to keep seeding fast. */
export function poolSize(weight: number): number {
  return Math.max(8, Math.min(150, Math.round(weight * 5)));
}
