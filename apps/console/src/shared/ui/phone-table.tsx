import { Descriptions, type TableColumnType, type TableProps, type TableRef } from 'antd';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useIsPhone } from '../responsive';

/** The columns a table keeps on a phone when it does not say: its first two, and its row actions. */
function keptByDefault<Row>(columns: readonly TableColumnType<Row>[]): string[] {
  return [...columns.slice(0, 2).map(columnKey), 'actions'];
}

function columnKey<Row>(column: TableColumnType<Row>, index = 0): string {
  if (column.key !== undefined) return String(column.key);
  const path: unknown = column.dataIndex;
  if (typeof path === 'string') return path;
  return String(index);
}

/** What a column shows for a row, outside its table (its `render`, else the field its `dataIndex` names). */
export function cellOf<Row>(column: TableColumnType<Row>, row: Row, index: number): ReactNode {
  // Read as plain data: antd's type of a path into a row (DataIndex) is too deep for TypeScript on a generic row.
  const path: unknown = column.dataIndex;
  const fields: unknown[] = path === undefined ? [] : Array.isArray(path) ? path : [path];
  let value: unknown = fields.length === 0 ? undefined : row;
  for (const field of fields) value = (value as Record<string, unknown> | null | undefined)?.[String(field)];
  if (column.render) {
    const rendered = column.render(value, row, index);
    // A render may answer cell props ({ children, props }) rather than a node.
    if (rendered && typeof rendered === 'object' && 'children' in rendered && 'props' in rendered)
      return (rendered as { children: ReactNode }).children;
    return rendered as ReactNode;
  }
  return value === null || value === undefined ? '' : String(value);
}

/** A row's folded columns: each title with its value, one under the other. */
function FoldedCells<Row>({
  columns,
  row,
  index,
}: {
  columns: readonly TableColumnType<Row>[];
  row: Row;
  index: number;
}) {
  return (
    <Descriptions
      size="small"
      column={1}
      colon={false}
      className="folded-cells"
      items={columns.map((column, i) => ({
        key: columnKey(column, i),
        label: typeof column.title === 'function' ? columnKey(column, i) : column.title,
        children: cellOf(column, row, index),
      }))}
    />
  );
}

export interface PhoneTableOptions<Row> {
  /** The keys of the columns that stay on a phone (the ones that matter first), in the table's order. */
  keep?: readonly string[];
  columns: readonly TableColumnType<Row>[];
  expandable?: TableProps<Row>['expandable'];
  scroll?: TableProps<Row>['scroll'];
  pagination?: TableProps<Row>['pagination'];
}

/**
 * Makes a table's scrolling box reachable by keyboard while it scrolls sideways (WCAG 2.1.1: its hidden columns
 * are then read with the arrow keys), and no tab stop when everything fits. Checked again as the table's size
 * changes (rows loaded, a turned screen).
 */
function useKeyboardScroll(ref: RefObject<TableRef | null>): void {
  useEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
        else box.removeAttribute('tabindex');
      }
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(root);
    return () => observer.disconnect();
  }, [ref]);
}

/**
 * A table's layout on a phone, shared by every list: the columns that matter first stay, the first of them fixed
 * while the table scrolls sideways inside its own box; the other columns fold into the row's expansion (with what
 * the row expanded to already, if anything), and the pagination is the short one, always in reach. Wider screens
 * get the table's own props unchanged. Pass `ref` to the table: a box that scrolls sideways is made keyboard-reachable.
 */
export function usePhoneTable<Row>({
  keep,
  columns,
  expandable,
  scroll,
  pagination,
}: PhoneTableOptions<Row>): Pick<TableProps<Row>, 'columns' | 'expandable' | 'scroll' | 'pagination'> & {
  ref: RefObject<TableRef | null>;
} {
  const phone = useIsPhone();
  const ref = useRef<TableRef>(null);
  useKeyboardScroll(ref);
  if (!phone) return { ref, columns: [...columns], expandable, scroll, pagination };
  const kept = new Set(keep ?? keptByDefault(columns));
  const shown = columns.filter((column, i) => kept.has(columnKey(column, i)));
  const folded = columns.filter((column, i) => !kept.has(columnKey(column, i)));
  const [first, ...rest] = shown;
  const phoneColumns = first ? [{ ...first, fixed: 'start' as const }, ...rest] : [];
  const own = expandable?.expandedRowRender;
  const phoneExpandable: TableProps<Row>['expandable'] =
    folded.length === 0
      ? expandable
      : {
          ...expandable,
          rowExpandable: undefined,
          expandedRowRender: (row, index, indent, expanded) => (
            <>
              <FoldedCells columns={folded} row={row} index={index} />
              {own && (expandable?.rowExpandable?.(row) ?? true) && own(row, index, indent, expanded)}
            </>
          ),
        };
  return {
    ref,
    columns: phoneColumns,
    expandable: phoneExpandable,
    scroll: { ...(typeof scroll === 'object' ? scroll : {}), x: 'max-content' },
    pagination:
      pagination === false || pagination === undefined
        ? pagination
        : { ...pagination, simple: true, showSizeChanger: false, showTotal: pagination.showTotal },
  };
}
