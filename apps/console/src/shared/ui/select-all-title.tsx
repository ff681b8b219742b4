import type { TableProps } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The selection column's Select all. A table with `scroll.x` copies every column title into a row that only
 * measures the columns (hidden, aria-hidden): there the copy renders no checkbox, or Tab would stop on a checkbox
 * nobody sees, screen readers would meet a focusable control inside a hidden row (axe's aria-hidden-focus), and a
 * query by role and name could find the copy instead of the header's Select all. The column's width is antd's own.
 */
export function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [inMeasureRow, setInMeasureRow] = useState(false);
  useLayoutEffect(() => {
    // The hidden row itself, not any hidden ancestor: the busy overlay hides the whole screen while the first load
    // runs, and a table mounted then keeps its header's Select all.
    if (ref.current?.closest('tr[aria-hidden="true"]')) setInMeasureRow(true);
  }, []);
  return <span ref={ref}>{inMeasureRow ? null : checkbox}</span>;
}

/** A table's row selection with the Select all above (every table with a selection column goes through it). */
export function withSelectAllTitle<Row>(
  selection: TableProps<Row>['rowSelection'],
): TableProps<Row>['rowSelection'] {
  if (!selection || selection.columnTitle !== undefined || selection.type === 'radio') return selection;
  return { ...selection, columnTitle: (checkbox) => <SelectAllTitle checkbox={checkbox} /> };
}
