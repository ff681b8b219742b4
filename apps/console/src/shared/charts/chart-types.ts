/** A point of the connected-aligner trend: the sample's position (1 = oldest) and its value. */
export interface TrendPoint {
  sample: number;
  connected: number;
}

/** A bar of a category chart: what it counts, and how many. */
export interface CategoryPoint {
  label: string;
  value: number;
}
