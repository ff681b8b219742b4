import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';
import type { FleetMapCell } from '@equipment-dashboard/contract';
import type { MapLevel } from '@equipment-dashboard/domain';
import { formatCount, formatShare } from './format';
import { alertsHref, unitsHref, type MapParams } from './map-params';
import { MAP_TEXTS as T } from './texts';

/** The table element, named for screen readers (antd passes its own props to it). */
function LabelledTable(props: HTMLAttributes<HTMLTableElement>) {
  return <table {...props} aria-label={T.tableLabel} />;
}

export interface MapTableProps {
  level: MapLevel;
  cells: readonly FleetMapCell[];
  params: MapParams;
  loading: boolean;
  /** Drill into a place (countries and regions). */
  onDrill: (cell: FleetMapCell) => void;
}

/**
 * The map's places as a table, beside the map: the same cells for the keyboard and screen readers (and what tests
 * read). A country or region's name drills into it; a country links to its units on the equipment list (with the
 * map's filters; "N offline" opens the offline ones: below the country the list has no narrower filter, so the
 * screen links the drilled country's units once, above the table), and every place to its alerts.
 */
export function MapTable({ level, cells, params, loading, onDrill }: MapTableProps) {
  const columns: TableColumnsType<FleetMapCell> = [
    {
      key: 'place',
      title: T.place,
      render: (_value, cell) =>
        level === 'city' ? (
          <Typography.Text>{cell.name}</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={T.drillInto(cell.name)}
            onClick={() => onDrill(cell)}
          >
            {cell.name}
          </Button>
        ),
    },
    { key: 'units', title: T.units, align: 'right', render: (_v, cell) => formatCount(cell.units) },
    {
      key: 'connected',
      title: T.connectedShare,
      align: 'right',
      render: (_v, cell) =>
        `${formatCount(cell.connected)}${cell.units > 0 ? ` (${formatShare(cell.connected / cell.units)})` : ''}`,
    },
    { key: 'offline', title: T.offline, align: 'right', render: (_v, cell) => formatCount(cell.offline) },
    { key: 'updating', title: T.updating, align: 'right', render: (_v, cell) => formatCount(cell.updating) },
    {
      key: 'alerts',
      title: T.alertsFiring,
      align: 'right',
      render: (_v, cell) => {
        const kinds = Object.entries(cell.alertsByKind);
        return kinds.length === 0
          ? formatCount(cell.alertsFiring)
          : `${formatCount(cell.alertsFiring)} (${kinds.map(([kind, n]) => `${kind} ${formatCount(n)}`).join(', ')})`;
      },
    },
    {
      key: 'actions',
      title: T.actions,
      render: (_v, cell) => (
        <Flex gap={12} wrap>
          {level === 'country' && (
            <Link to={unitsHref(params, cell.countryCode)}>{T.viewUnits(cell.units)}</Link>
          )}
          {level === 'country' && cell.offline > 0 && (
            <Link to={unitsHref(params, cell.countryCode, true)}>{T.viewOffline(cell.offline)}</Link>
          )}
          <Link to={alertsHref(cell.countryCode, cell.region)} aria-label={T.alertsOf(cell.name)}>
            {T.alerts}
          </Link>
        </Flex>
      ),
    },
  ];
  return (
    <Table<FleetMapCell>
      components={{ table: LabelledTable }}
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={[...cells]}
      loading={loading}
      pagination={cells.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
      locale={{ emptyText: T.noUnits }}
      scroll={{ x: 'max-content' }}
    />
  );
}
