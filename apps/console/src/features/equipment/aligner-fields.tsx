import { Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import type { Aligner } from '@equipment-dashboard/contract';
import {
  addressDisplay,
  formatUtcOffset,
  localTimeFromOffset,
  type UnitCapabilities,
} from '@equipment-dashboard/domain';
import { UnitVersionChip } from '../../shared/equipment';
import { formatDateTime } from '../../shared/equipment/format';
import { EQUIPMENT_TEXTS as T } from './texts';
import { useNow } from './use-now';

/** The unit's local time from its UTC offset, ticking every second while shown (console-core §2). */
function LocalTime({ offset }: { offset: number }) {
  const now = useNow(1000);
  return <span data-testid="local-time">{localTimeFromOffset(offset, now)}</span>;
}

const yesNo = (value: boolean) => (value ? T.yes : T.no);

type Items = NonNullable<DescriptionsProps['items']>;

interface AlignerFieldsProps {
  aligner: Aligner;
  capabilities: UnitCapabilities;
  latest: string | undefined;
}

/**
 * Every field of the detail dialog (console-core §2), grouped: software, unit, connection, place.
 * Fields behind a version gate of console-core §5 (specs, logging level, board features) show only when
 * the gate is open.
 */
export function AlignerFields({ aligner, capabilities, latest }: AlignerFieldsProps) {
  const connected = aligner.connected;
  const geo = aligner.geolocation;
  const specs = aligner.specs;
  const expiration = aligner.specsExpiration;
  const features = aligner.boardFeatures;

  const software: Items = [
    {
      key: 'version',
      label: T.softwareVersion,
      children: <UnitVersionChip version={aligner.version} latest={latest} />,
    },
    {
      key: 'pending',
      label: T.softwareReadyToDownload,
      children: aligner.pendingSoftwareDownload || T.none,
    },
    ...(capabilities.specsVersion
      ? [
          {
            key: 'specs',
            label: T.specs,
            children: specs ? T.specsName(specs.name, specs.month, specs.year) : '–',
          },
          {
            key: 'expiration',
            label: T.specsExpiration,
            children: expiration ? T.monthYear(expiration.month, expiration.year) : '–',
          },
        ]
      : []),
  ];

  const unit: Items = [
    { key: 'systemClass', label: T.systemClass, children: aligner.systemClass },
    { key: 'boardClass', label: T.boardClass, children: aligner.boardClass },
    ...(capabilities.loggingLevel
      ? [{ key: 'logLevel', label: T.loggingLevel, children: aligner.logLevel }]
      : []),
    ...(capabilities.boardFeatures && features
      ? [
          { key: 'cameras', label: T.cameraCount, children: features.numCameras },
          { key: 'accel', label: T.accelerometerCount, children: features.numAccel },
          { key: 'dd', label: T.ddEnabled, children: yesNo(features.isDDAligner) },
        ]
      : []),
  ];

  const connection: Items = [
    { key: 'connectCount', label: T.connectionCount, children: aligner.connectCount.toLocaleString('en-US') },
    {
      key: 'connected',
      label: T.connected,
      children: (
        <Flex gap={8} align="center" wrap>
          <Tag color={connected ? 'green' : 'default'}>{yesNo(connected)}</Tag>
          {!connected && (
            <Typography.Text type="secondary">
              {aligner.lastSeenOnlineAt
                ? T.offlineSince(formatDateTime(aligner.lastSeenOnlineAt))
                : T.offlineSinceUnknown}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'port', label: T.remotePort, children: connected ? (aligner.port ?? '–') : T.disconnected },
    {
      key: 'address',
      label: T.address,
      children: connected ? addressDisplay(aligner.address) || '–' : T.disconnected,
    },
    {
      key: 'procedure',
      label: T.currentProcedure,
      children: connected ? aligner.currentProcedure || '–' : T.disconnected,
    },
  ];

  const place: Items = [
    { key: 'continent', label: T.continent, children: geo.continent_name },
    { key: 'country', label: T.country, children: `${geo.country_name} (${geo.country_code})` },
    { key: 'region', label: T.region, children: geo.region },
    { key: 'city', label: T.city, children: geo.city },
    { key: 'tz', label: T.timeZone, children: geo.time_zone.name },
    { key: 'offset', label: T.utcOffset, children: formatUtcOffset(geo.time_zone.offset) },
    { key: 'local', label: T.localTime, children: <LocalTime offset={geo.time_zone.offset} />, span: 2 },
  ];

  const group = (title: string, items: Items) => (
    <Descriptions
      title={<Typography.Text type="secondary">{title}</Typography.Text>}
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      items={items}
      styles={{ label: { width: 190 } }}
    />
  );

  return (
    <Flex vertical gap={12}>
      {group(T.softwareGroup, software)}
      {group(T.unitGroup, unit)}
      {group(T.connectionGroup, connection)}
      {group(T.geolocation, place)}
    </Flex>
  );
}
