/**
 * A calibration figure for people: up to 6 significant digits, no grouping, no exponent, so that
 * 0.000012 and 2352.94 both read plainly.
 */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString('en-US', { maximumSignificantDigits: 6, useGrouping: false });
}

const cell = { border: '1px solid #f0f0f0', padding: '2px 8px', textAlign: 'right' as const };
const head = { ...cell, background: '#fafafa', fontWeight: 500, textAlign: 'center' as const };

/** A small table of figures: a matrix row by row, or one row under named columns. */
export function FigureTable({
  label,
  rows,
  columns,
}: {
  label: string;
  rows: readonly (readonly number[])[];
  columns?: readonly string[];
}) {
  return (
    <table aria-label={label} style={{ borderCollapse: 'collapse', fontFamily: 'monospace', fontSize: 12 }}>
      {columns && (
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" style={head}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((values, r) => (
          <tr key={r}>
            {values.map((value, c) => (
              <td key={c} style={cell}>
                {formatFigure(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A flat list of 9 values as the 3x3 matrix it is, row by row. */
export function asRows(values: readonly number[], width = 3): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < values.length; i += width) rows.push(values.slice(i, i + width));
  return rows;
}
