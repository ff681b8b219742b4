/** A point of a multi-series line chart: where on the x axis, which series, and its value. */
export interface SeriesPoint {
  /** The x value (a day `YYYY-MM-DD`, an hour `YYYY-MM-DDTHH` ...), in the order the points are drawn. */
  key: string;
  /** The series' name, shown in the legend. */
  series: string;
  value: number;
}
