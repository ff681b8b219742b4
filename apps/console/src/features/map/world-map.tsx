import {
  geoEqualEarth,
  geoPath,
  type ExtendedFeature,
  type GeoGeometryObjects,
  type GeoPermissibleObjects,
  type GeoProjection,
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

/** A country's drawing: its path text, and its box in the world's drawing (to tell which are in a drilled view). */
interface Shape {
  key: string;
  code: string | undefined;
  /** The country's main shape: the one that is a button (a territory with the same code, Ashmore and Cartier, is not). */
  primary: boolean;
  feature: CountryFeature;
  d: string;
  box: Box;
}
type Box = [x0: number, y0: number, x1: number, y1: number];

/**
 * Path text with points rounded to half a pixel and repeats left out: Natural Earth's 50m outlines hold far more
 * points than a screen shows (1.4 million characters of path at 960 px, a third of that rounded), and the browser
 * lays out every one. Keeps the box of what it drew.
 */
class PathText {
  text = '';
  box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  private x = NaN;
  private y = NaN;
  private at(x: number, y: number, command: 'M' | 'L'): void {
    const px = Math.round(x * 2) / 2;
    const py = Math.round(y * 2) / 2;
    if (command === 'L' && px === this.x && py === this.y) return;
    this.text += `${command}${px},${py}`;
    this.x = px;
    this.y = py;
    const box = this.box;
    if (px < box[0]) box[0] = px;
    if (py < box[1]) box[1] = py;
    if (px > box[2]) box[2] = px;
    if (py > box[3]) box[3] = py;
  }
  moveTo(x: number, y: number): void {
    this.at(x, y, 'M');
  }
  lineTo(x: number, y: number): void {
    this.at(x, y, 'L');
  }
  closePath(): void {
    this.text += 'Z';
  }
  arc(): void {
    // Points are drawn as bubbles of their own, never through the path.
  }
  beginPath(): void {
    // Each shape has a context of its own.
  }
}

function drawn(projection: GeoProjection, f: CountryFeature): PathText {
  const context = new PathText();
  geoPath(projection, context)(f);
  return context;
}

const pathText = (projection: GeoProjection, f: CountryFeature): string => drawn(projection, f).text;

const worlds = new Map<string, { projection: GeoProjection; shapes: Shape[] }>();

/** The world's projection and every country's drawing at a size: made once per size and kept (the way back up). */
function worldShapes(width: number, height: number): { projection: GeoProjection; shapes: Shape[] } {
  const key = `${width}x${height}`;
  let world = worlds.get(key);
  if (!world) {
    // The sphere's outline fits in one step (a fit to the countries projects all of them twice); no resampling of
    // the outlines' edges, which are short at this scale.
    const projection = geoEqualEarth()
      .fitExtent(
        [
          [8, 8],
          [width - 8, height - 8],
        ],
        { type: 'Sphere' },
      )
      .precision(0);
    const shapes: Shape[] = COUNTRIES.map((f, i) => {
      const out = drawn(projection, f);
      // Ids are not unique (Australia and Ashmore and Cartier share 036; five shapes have none): the index keys them.
      return {
        key: `${String(f.id ?? '')}-${i}`,
        code: alpha2Of(f),
        primary: false,
        feature: f,
        d: out.text,
        box: out.box,
      };
    });
    const main = new Map<string, Shape>();
    for (const shape of shapes) {
      const known = shape.code === undefined ? undefined : main.get(shape.code);
      if (shape.code !== undefined && (!known || shape.d.length > known.d.length))
        main.set(shape.code, shape);
    }
    for (const shape of main.values()) shape.primary = true;
    world = { projection, shapes };
    worlds.set(key, world);
  }
  return world;
}

/** A drilled country's projection: fitted to its places (not closer than four times the country), or to the country. */
function drilledProjection(
  width: number,
  height: number,
  points: number[][],
  drilled: CountryFeature | undefined,
): GeoProjection {
  const extent: [[number, number], [number, number]] = [
    [16, 16],
    [width - 16, height - 16],
  ];
  const projection = geoEqualEarth().precision(0);
  if (points.length >= 2) {
    projection.fitExtent(extent, { type: 'MultiPoint', coordinates: points } as GeoPermissibleObjects);
    if (drilled) {
      const atCountry = geoEqualEarth().fitExtent(extent, drilled);
      if (projection.scale() > atCountry.scale() * 4) projection.scale(atCountry.scale() * 4);
    }
  } else if (drilled) projection.fitExtent(extent, drilled);
  else projection.fitExtent(extent, { type: 'Sphere' });
  return projection.clipExtent([
    [0, 0],
    [width, height],
  ]);
}

/** The drilled view's rectangle in the world's drawing: its edges taken back to the globe, then drawn at world scale. */
function viewBoxInWorld(view: GeoProjection, world: GeoProjection, width: number, height: number): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i <= 8; i++) {
    for (const [x, y] of [
      [(width * i) / 8, 0],
      [(width * i) / 8, height],
      [0, (height * i) / 8],
      [width, (height * i) / 8],
    ] as const) {
      const lonLat = view.invert?.([x, y]);
      // A point off the globe's drawing has no place on it (its inverse does not come back to it).
      const back = lonLat ? view(lonLat) : null;
      if (!lonLat || !back || Math.abs(back[0] - x) > 1 || Math.abs(back[1] - y) > 1) continue;
      const at = world(lonLat);
      if (!at) continue;
      box[0] = Math.min(box[0], at[0]);
      box[1] = Math.min(box[1], at[1]);
      box[2] = Math.max(box[2], at[0]);
      box[3] = Math.max(box[3], at[1]);
    }
  }
  return box;
}

const overlaps = (a: Box, b: Box): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

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

  const world = useMemo(() => worldShapes(width, height), [width, height]);
  const { shapes, projection, centroidOf } = useMemo(() => {
    if (level === 'country') {
      const path = geoPath(world.projection);
      return {
        shapes: world.shapes,
        projection: world.projection,
        centroidOf: (shape: Shape) => path.centroid(shape.feature),
      };
    }
    const drilled = world.shapes.find((shape) => shape.code === country);
    const points = cells.flatMap((c) => (c.lat === null || c.lon === null ? [] : [[c.lon, c.lat]]));
    const projection = drilledProjection(width, height, points, drilled?.feature);
    // Only the countries in view are drawn again (their box in the world's drawing meets the view's), clipped to it.
    const view = viewBoxInWorld(projection, world.projection, width, height);
    const shapes = world.shapes
      .filter((shape) => shape.code === country || overlaps(shape.box, view))
      .map((shape) => ({ ...shape, d: pathText(projection, shape.feature) }));
    return { shapes, projection, centroidOf: (shape: Shape) => geoPath(projection).centroid(shape.feature) };
  }, [cells, country, level, width, height, world]);

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
          {shapes.map((shape) => {
            const { d, code, key } = shape;
            const cell = code === undefined ? undefined : byCountry.get(code);
            if (level === 'country' && cell && shape.primary) {
              const centroid = centroidOf(shape);
              return (
                <path
                  key={key}
                  d={d}
                  fill={fillOf(cell)}
                  stroke={shown?.cell.key === cell.key ? colours.focus : colours.border}
                  strokeWidth={shown?.cell.key === cell.key ? 2 : 0.5}
                  data-country={code}
                  {...interactive(cell, centroid[0], centroid[1])}
                />
              );
            }
            return (
              <path
                key={key}
                d={d}
                fill={
                  level === 'country'
                    ? cell
                      ? fillOf(cell)
                      : colours.noData
                    : code === country
                      ? colours.land
                      : colours.other
                }
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
