/*
 * G2 options shared by the two chart modules (charts.tsx, series-charts.tsx), both of which import
 * @ant-design/charts.
 */
import { isEqual } from 'lodash-es';
import { memo, type ComponentType } from 'react';

/**
 * A chart component that renders again only when its props changed, compared in depth (a panel hands
 * its chart a new array of equal points at each of its renders). @ant-design/charts compares a chart's
 * props at each render and has G2 draw the chart again when they differ, but wraps `onReady` in a new
 * function at each render, so they always differed: the trend was drawn again at every sample (up to two
 * a second, despite TREND_REDRAW_MS), and twice while the dashboard first filled.
 */
export function drawnAgainOnlyWhenChanged<P extends object>(chart: ComponentType<P>) {
  return memo(chart, isEqual);
}

/** What a chart's `onReady` is handed: @ant-design/charts' plot, around G2's chart. */
interface ReadyPlot {
  chart?: { once?: (event: string, listener: () => void) => unknown };
}

/**
 * For a chart's `onReady`: calls `onDrawn` once G2 has drawn the chart. G2 says so with its
 * 'afterrender' event, which @ant-design/charts does not pass on to `onEvent` (it carries no payload).
 */
export function whenDrawn(onDrawn: (() => void) | undefined) {
  return (plot: ReadyPlot) => {
    if (onDrawn) plot.chart?.once?.('afterrender', onDrawn);
  };
}

/**
 * Column charts can have many narrow columns (a family's staged or installed versions on the back-office
 * screens): value labels and category labels that would overlap are left out (each column's tooltip still
 * says it).
 */
export const COLUMN_VALUE_LABEL_TRANSFORM = [{ type: 'overlapHide' as const }];
export const COLUMN_CATEGORY_AXIS = { title: false, labelAutoHide: true } as const;

const COUNTS = new Intl.NumberFormat('en-US');

/**
 * A count on an axis or a label, as the rest of the console writes counts: 22,236. One formatter for
 * all: `toLocaleString` looks a formatter up at each call (0.1 ms here), and G2 formats each label more
 * than once.
 */
export const formatCount = (value: unknown): string => COUNTS.format(Number(value));

/** Ticks of an axis of whole things (samples, units): no 1.5 while there are only three. */
export const wholeTicksOnly = (tick: unknown): boolean => Number.isInteger(Number(tick));
