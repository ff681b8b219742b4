import {
  geoEqualEarth,
  geoPath,
  type ExtendedFeature,
  type GeoGeometryObjects,
  type GeoPermissibleObjects,
} from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { FleetMapCell } from '@equipment-dashboard/contract';
import { connectedShare, ISO_NUMERIC_BY_ALPHA2, shareStep, type MapLevel } from '@equipment-dashboard/domain';
import countries50m from 'world-atlas/countries-50m.json';
import { formatCount, formatShare } from './format';
import type { MapColours } from './map-colours';
import { MAP_TEXTS as T } from './texts';

/*
 * The fleet drawn in the browser from Natural Earth's 50m countries (world-atlas, public domain): no tile server, no
 * request leaves the machine. This module is its own chunk, loaded only by the Fleet Map screen.
 */

type CountryFeature = ExtendedFeature<GeoGeometryObjects | null, { name: string }>;

const topology = countries50m as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
/** Every country but Antarctica (no unit there, and it takes a third of an Equal Earth world). */
const COUNTRIES: readonly CountryFeature[] = (
  feature(topology, topology.objects.countries) as unknown as { features: CountryFeature[] }
).features.filter((f) => f.id !== '010');

const ALPHA2_BY_NUMERIC = new Map(
  Object.entries(ISO_NUMERIC_BY_ALPHA2).map(([alpha2, numeric]) => [numeric, alpha2]),
);
const alpha2Of = (f: CountryFeature): string | undefined =>
  f.id === undefined ? undefined : ALPHA2_BY_NUMERIC.get(String(f.id));

export interface WorldMapProps {
  level: MapLevel;
  cells: readonly FleetMapCell[];
  /** The country drilled into (region and city levels). */
  country: string | undefined;
  colours: MapColours;
  /** A place was chosen (click, Enter or Space): the screen drills into it. */
  onSelect: (cell: FleetMapCell) => void;
  width?: number;
  height?: number;
}

/** What a place's tooltip says, line by line (units, connected, offline, updating, firing alerts by kind). */
function TooltipLines({ cell }: { cell: FleetMapCell }) {
  const kinds = Object.entries(cell.alertsByKind);
  return (
    <>
      <strong>{cell.name}</strong>
      <div>
        {T.tooltip.units}: {formatCount(cell.units)}
      </div>
      <div>
        {T.tooltip.connected}: {formatCount(cell.connected)}
        {cell.units > 0 && ` (${formatShare(cell.connected / cell.units)})`}
      </div>
      <div>
        {T.tooltip.offline}: {formatCount(cell.offline)}
      </div>
      <div>
        {T.tooltip.updating}: {formatCount(cell.updating)}
      </div>
      <div>
        {T.tooltip.alerts}: {cell.alertsFiring === 0 ? T.tooltip.none : formatCount(cell.alertsFiring)}
        {kinds.length > 0 && ` (${kinds.map(([kind, n]) => `${kind} ${formatCount(n)}`).join(', ')})`}
      </div>
    </>
  );
}

/**
 * The map: at the country level, countries coloured by connected share (grey with too few units to say); below it,
 * the drilled country with bubbles at its regions or cities, sized by units, a red ring for offline units and a
 * dashed ring for firing alerts. Every place with units is a focusable button: hover and keyboard focus show its
 * tooltip; click, Enter or Space drill into it.
 */
export function WorldMap({
  level,
  cells,
  country,
  colours,
  onSelect,
  width = 960,
  height = 500,
}: WorldMapProps) {
  const tooltipId = useId();
  const [shown, setShown] = useState<{ cell: FleetMapCell; x: number; y: number } | null>(null);
  const byCountry = useMemo(() => new Map(cells.map((c) => [c.countryCode, c])), [cells]);

  const { path, projection } = useMemo(() => {
    const projection = geoEqualEarth();
    const pad = 16;
    const extent: [[number, number], [number, number]] = [
      [pad, pad],
      [width - pad, height - pad],
    ];
    const drilled = country === undefined ? undefined : COUNTRIES.find((f) => alpha2Of(f) === country);
    const points = cells.flatMap((c) => (c.lat === null || c.lon === null ? [] : [[c.lon, c.lat]]));
    if (level !== 'country' && points.length >= 2) {
      projection.fitExtent(extent, { type: 'MultiPoint', coordinates: points } as GeoPermissibleObjects);
      // A tight fit of a few points would zoom onto a street: not closer than the country itself.
      if (drilled) {
        const atCountry = geoEqualEarth().fitExtent(extent, drilled);
        if (projection.scale() > atCountry.scale() * 4) projection.scale(atCountry.scale() * 4);
      }
    } else if (level !== 'country' && drilled) {
      projection.fitExtent(extent, drilled);
    } else {
      projection.fitExtent(extent, { type: 'FeatureCollection', features: [...COUNTRIES] });
    }
    return { path: geoPath(projection), projection };
  }, [cells, country, level, width, height]);

  const shapes = useMemo(
    () => COUNTRIES.map((f) => ({ feature: f, d: path(f) ?? '', code: alpha2Of(f) })),
    [path],
  );
  const maxUnits = Math.max(1, ...cells.map((c) => c.units));

  const show = (cell: FleetMapCell, x: number, y: number) => setShown({ cell, x, y });
  const hide = () => setShown(null);
  const onKey = (cell: FleetMapCell) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(cell);
    } else if (event.key === 'Escape') hide();
  };
  const label = (cell: FleetMapCell) =>
    T.placeSummary(cell.name, cell.units, cell.connected, cell.offline, cell.alertsFiring);
  const fillOf = (cell: FleetMapCell | undefined): string => {
    if (!cell) return colours.noData;
    const step = shareStep(connectedShare(cell));
    return step < 0 ? colours.tooFew : (colours.steps[step] as string);
  };
  const interactive = (cell: FleetMapCell, x: number, y: number) => ({
    role: 'button',
    tabIndex: 0,
    'aria-label': label(cell),
    'aria-describedby': shown?.cell.key === cell.key ? tooltipId : undefined,
    onClick: () => onSelect(cell),
    onKeyDown: onKey(cell),
    onMouseEnter: () => show(cell, x, y),
    onMouseLeave: hide,
    onFocus: () => show(cell, x, y),
    onBlur: hide,
    style: { cursor: 'pointer', outline: 'none' },
  });

  const bubbles =
    level === 'country'
      ? []
      : cells.flatMap((cell) => {
          if (cell.lat === null || cell.lon === null) return [];
          const at = projection([cell.lon, cell.lat]);
          if (!at) return [];
          const r = Math.max(5, Math.sqrt(cell.units / maxUnits) * 28);
          return [{ cell, x: at[0], y: at[1], r }];
        });

  return (
    <div style={{ position: 'relative', width: '100%' }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="group"
        aria-label={T.mapLabel}
        style={{ display: 'block', background: colours.sea, borderRadius: 6 }}
      >
        <g>
          {shapes.map(({ feature: f, d, code }) => {
            const cell = code === undefined ? undefined : byCountry.get(code);
            const centroid = path.centroid(f);
            if (level === 'country' && cell)
              return (
                <path
                  key={String(f.id ?? f.properties.name)}
                  d={d}
                  fill={fillOf(cell)}
                  stroke={shown?.cell.key === cell.key ? colours.focus : colours.border}
                  strokeWidth={shown?.cell.key === cell.key ? 2 : 0.5}
                  data-country={code}
                  {...interactive(cell, centroid[0], centroid[1])}
                />
              );
            return (
              <path
                key={String(f.id ?? f.properties.name)}
                d={d}
                fill={level === 'country' ? colours.noData : code === country ? colours.land : colours.other}
                stroke={colours.border}
                strokeWidth={0.5}
                aria-hidden
              />
            );
          })}
        </g>
        <g>
          {bubbles.map(({ cell, x, y, r }) => {
            const focused = shown?.cell.key === cell.key;
            const offlineShare = cell.units > 0 ? cell.offline / cell.units : 0;
            return (
              <g key={cell.key} {...interactive(cell, x, y)} data-place={cell.key}>
                {cell.alertsFiring > 0 && (
                  <circle
                    cx={x}
                    cy={y}
                    r={r + 5}
                    fill="none"
                    stroke={colours.alert}
                    strokeWidth={2}
                    strokeDasharray="4 3"
                  />
                )}
                <circle
                  cx={x}
                  cy={y}
                  r={r}
                  fill={fillOf(cell)}
                  fillOpacity={0.85}
                  stroke={cell.offline > 0 ? colours.offline : colours.border}
                  strokeWidth={cell.offline > 0 ? 1 + Math.round(offlineShare * 5) : 1}
                />
                {focused && (
                  <circle cx={x} cy={y} r={r + 2} fill="none" stroke={colours.focus} strokeWidth={2} />
                )}
              </g>
            );
          })}
        </g>
      </svg>
      {shown && (
        <div
          id={tooltipId}
          role="tooltip"
          style={{
            position: 'absolute',
            left: `${(shown.x / width) * 100}%`,
            top: `${(shown.y / height) * 100}%`,
            transform: 'translate(12px, 12px)',
            background: colours.tooltipBackground,
            color: colours.tooltipText,
            padding: '6px 10px',
            borderRadius: 6,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            fontSize: 12,
            boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
            zIndex: 2,
          }}
        >
          <TooltipLines cell={shown.cell} />
        </div>
      )}
    </div>
  );
}
