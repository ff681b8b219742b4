import { theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useReadTopAlignersByAlignmentCountQuery } from '@equipment-dashboard/api-client';
import { Panel } from './panel';
import { DASHBOARD_TEXTS } from './texts';

/**
 * The ten units with the most alignments; a serial opens the unit on the equipment screen.
 * A plain table in antd's colours rather than antd's Table: ten fixed rows need no sorting, paging
 * or virtualisation, and Table's code (about a quarter of a megabyte) would otherwise load and run
 * with the first screen after sign-in.
 */
export function TopAlignersPanel() {
  const { data, isLoading, isError } = useReadTopAlignersByAlignmentCountQuery();
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingXS}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };
  const head: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    fontWeight: token.fontWeightStrong,
    textAlign: 'left',
  };
  const rows = data ?? [];
  return (
    <Panel title={DASHBOARD_TEXTS.topAligners} loading={isLoading} failed={isError && !data}>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{DASHBOARD_TEXTS.noAlignments}</Typography.Text>
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th scope="col" style={{ ...head, width: 48 }}>
                {DASHBOARD_TEXTS.rank}
              </th>
              <th scope="col" style={head}>
                {DASHBOARD_TEXTS.serialNumber}
              </th>
              <th scope="col" style={{ ...head, textAlign: 'right' }}>
                {DASHBOARD_TEXTS.alignments}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row._id.serialNumber}>
                <td style={cell}>{index + 1}</td>
                <td style={cell}>
                  <Link to={`/Aligners?serial=${encodeURIComponent(row._id.serialNumber)}`}>
                    {row._id.serialNumber}
                  </Link>
                </td>
                <td style={{ ...cell, textAlign: 'right' }}>{row.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
