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

/** Every chart says when it has drawn, so that the charts waiting for their turn may start (charts-drawing.ts). */
export interface DrawnCallback {
  onDrawn?: () => void;
}
