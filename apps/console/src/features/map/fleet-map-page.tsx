import { DownloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Col, Flex, Result, Row, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useExportFleetMapCsvMutation, useReadFleetMapQuery } from '@equipment-dashboard/api-client';
import { fleetMapCsvFileName, type FleetMapCell } from '@equipment-dashboard/contract';
import { MAP_MIN_UNITS, SHARE_STEPS, shareStepLabel } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { saveFile } from '../../shared/back-office/export-csv-button';
import { FilterInput } from '../../shared/back-office/filter-input';
import { ConnectedFilterSelect, FamilyFilterSelect } from '../../shared/equipment/filter-selects';
import { serverProblem } from '../../shared/back-office/server-error';
import { lazyComponent } from '../../shared/lazy-component';
import { SavedViews } from '../../shared/saved-views/saved-views';
import { ClearFiltersButton } from '../../shared/ui/clear-filters-button';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { useLoadedComponent } from '../../shared/use-loaded-component';
import { formatCount } from './format';
import { useMapColours, type MapColours } from './map-colours';
import {
  mapFilters,
  mapQuery,
  unitsHref,
  useMapParams,
  type MapParams,
  type MapParamsPatch,
} from './map-params';
import { MapTable } from './map-table';
import { MAP_TEXTS as T } from './texts';

/** The map's drawing (d3-geo and Natural Earth's shapes): its own chunk, loaded by this screen alone. */
const worldMap = lazyComponent(
  () => import('./world-map'),
  (module) => module.WorldMap,
);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryName = (code: string): string => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** The legend: each colour of the connected share named, the greys, and the rings. */
function Legend({ colours }: { colours: MapColours }) {
  const swatch = (colour: string) => (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 3,
        background: colour,
        border: `1px solid ${colours.border}`,
        verticalAlign: 'middle',
        marginRight: 4,
      }}
    />
  );
  return (
    <Flex wrap gap={12} align="center" aria-label={T.legendTitle} role="group" style={{ marginTop: 8 }}>
      <Typography.Text strong>{T.legendTitle}:</Typography.Text>
      {[...SHARE_STEPS.keys()].reverse().map((step) => (
        <span key={step}>
          {swatch(colours.steps[step] as string)}
          {shareStepLabel(step)}
        </span>
      ))}
      <span>
        {swatch(colours.tooFew)}
        {shareStepLabel(-1)}
      </span>
      <span>
        {swatch(colours.noData)}
        {T.noData}
      </span>
      <Typography.Text type="secondary">{T.offlineRing}</Typography.Text>
      <Typography.Text type="secondary">{T.alertRing}</Typography.Text>
    </Flex>
  );
}

/** The map's filters: the equipment list's (family, software version, Connected) and its saved views. */
function MapFilters({ params, update }: { params: MapParams; update: (patch: MapParamsPatch) => void }) {
  const anyFilter = Object.values(mapFilters(params)).some((value) => value !== '');
  return (
    <Flex wrap gap={8} role="search" aria-label={T.filters} style={{ marginBottom: 12 }}>
      <FamilyFilterSelect value={params.filterFamily} onChange={(filterFamily) => update({ filterFamily })} />
      <FilterInput
        label={T.softwareVersion}
        value={params.filterSoftwareVersion}
        onCommit={(value) => update({ filterSoftwareVersion: value })}
        icon={false}
        style={{ width: 200 }}
      />
      <ConnectedFilterSelect
        value={params.filterConnected}
        onChange={(filterConnected) => update({ filterConnected })}
      />
      <ClearFiltersButton
        label={T.clearFilters}
        anyFilter={anyFilter}
        onClear={() =>
          update({
            filterSerialNumber: undefined,
            filterCountryCode: undefined,
            filterSoftwareVersion: undefined,
            filterFamily: undefined,
            filterConnected: undefined,
          })
        }
      />
    </Flex>
  );
}

/** Export CSV of the cells on screen (the same query). */
function ExportMapCsv({ params }: { params: MapParams }) {
  const dispatch = useAppDispatch();
  const [exportCsv, { isLoading }] = useExportFleetMapCsvMutation();
  const onClick = async () => {
    try {
      const url = await exportCsv(mapQuery(params)).unwrap();
      const fileName = fleetMapCsvFileName(params.level, new Date().toISOString().slice(0, 10));
      saveFile(url as string, fileName);
      dispatch(snackbarShown(T.exportDone(fileName)));
    } catch (error) {
      dispatch(snackbarShown(T.exportFailed(serverProblem(error).sentence)));
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={isLoading} onClick={() => void onClick()}>
      {T.exportCsv}
    </Button>
  );
}

/**
 * The Fleet Map screen, /Map: where the units are, by country, then a country's regions, then a region's
 * cities, with the equipment list's filters and saved views. Level, drill and filters live in the URL, so a link
 * shows the same map. The map is drawn in the browser (its code and shapes load with this screen only); a table
 * of the same places sits beside it; open maps follow the fleet (FLEET_MAP_CHANGED reloads the cells).
 */
export function FleetMapPage() {
  const { params, update } = useMapParams();
  const colours = useMapColours();
  const { data, isFetching, isError, refetch } = useReadFleetMapQuery(mapQuery(params));
  const WorldMap = useLoadedComponent(worldMap);
  const cells = data && data.level === params.level ? data.cells : [];

  const drill = (cell: FleetMapCell) => {
    if (params.level === 'country') update({ level: 'region', country: cell.countryCode, region: undefined });
    else if (params.level === 'region' && cell.region !== null)
      update({ level: 'city', country: cell.countryCode, region: cell.region });
  };
  const countryLabel = params.country ? countryName(params.country) : '';
  const filterSearch = (extra: Record<string, string>) => {
    const search = new URLSearchParams(extra);
    for (const [key, value] of Object.entries(mapFilters(params))) if (value !== '') search.set(key, value);
    return `?${search.toString()}`;
  };
  const crumbs = [
    { title: params.level === 'country' ? T.world : <Link to={filterSearch({})}>{T.world}</Link> },
    ...(params.country
      ? [
          {
            title:
              params.level === 'city' ? (
                <Link to={filterSearch({ level: 'region', country: params.country })}>{countryLabel}</Link>
              ) : (
                countryLabel
              ),
          },
        ]
      : []),
    ...(params.level === 'city' && params.region ? [{ title: params.region }] : []),
  ];
  const drilledUnits = cells.reduce((n, c) => n + c.units, 0);
  const drilledOffline = cells.reduce((n, c) => n + c.offline, 0);

  return (
    <Card title={T.title} role="region" aria-label={T.title} extra={<ExportMapCsv params={params} />}>
      <SavedViews screen="equipment" current={mapFilters(params)} />
      <MapFilters params={params} update={update} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <nav aria-label="Breadcrumb">
          <Breadcrumb items={crumbs} />
        </nav>
        {params.country && params.level !== 'country' && (
          <Space wrap>
            <Link to={unitsHref(params, params.country)}>{T.countryUnits(drilledUnits, countryLabel)}</Link>
            {params.level === 'region' && drilledOffline > 0 && (
              <Link to={unitsHref(params, params.country, true)}>{T.viewOffline(drilledOffline)}</Link>
            )}
          </Space>
        )}
      </Flex>
      {isError && !data ? (
        <Result
          status="warning"
          title={T.failed}
          extra={<Button onClick={() => void refetch()}>{T.retry}</Button>}
        />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            {WorldMap && data ? (
              <WorldMap
                level={params.level}
                cells={cells}
                country={params.country}
                colours={colours}
                onSelect={drill}
              />
            ) : (
              <Skeleton.Node active style={{ width: '100%', height: 320 }}>
                <span>{T.loading}</span>
              </Skeleton.Node>
            )}
            <Legend colours={colours} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
              {T.attribution} {`Places with fewer than ${MAP_MIN_UNITS} units are grey.`}
            </Typography.Paragraph>
          </Col>
          <Col xs={24} xl={10}>
            <MapTable
              level={params.level}
              cells={cells}
              params={params}
              loading={isFetching && !data}
              onDrill={drill}
            />
            <Typography.Text type="secondary">
              {formatCount(drilledUnits)} {T.units.toLowerCase()}
            </Typography.Text>
          </Col>
        </Row>
      )}
    </Card>
  );
}
