import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { Aligner } from '@equipment-dashboard/contract';
import { addressDisplay, decodeSerial, formatUtcOffset, unitCapabilities } from '@equipment-dashboard/domain';
import {
  FavoriteToggle,
  OpenTicketsBadge,
  UNIT_TEXTS,
  UpdateStatusPanel,
  UnitVersionChip,
  type LatestVersions,
} from '../../shared/equipment';
import { RADAR_TEXTS as T } from './texts';

/**
 * One favourite on My Radar (console-core §2): serial with decoded name, the amber bug badge above 0
 * open tickets, the favourite toggle that takes it off the radar, its software, connection and place,
 * and the System Update Status panel for software that reports it.
 */
export function FavoriteCard({ aligner, latest }: { aligner: Aligner; latest: LatestVersions }) {
  const capabilities = unitCapabilities(aligner, latest.byFamily);
  const decoded = decodeSerial(aligner.serialNumber);
  const connected = aligner.connected;
  const geo = aligner.geolocation;
  const whenConnected = (value: string | number | null) =>
    connected ? (value === null || value === '' ? '–' : value) : T.disconnected;

  return (
    <Card
      size="small"
      role="listitem"
      aria-label={aligner.serialNumber}
      title={
        <Flex align="center" gap={12} wrap>
          <Link
            to={`/Aligners?serial=${encodeURIComponent(aligner.serialNumber)}`}
            aria-label={T.openDetails(aligner.serialNumber)}
          >
            <Typography.Text strong style={{ fontFamily: 'monospace', fontSize: 15 }}>
              {aligner.serialNumber}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary">{decoded.model}</Typography.Text>
          <OpenTicketsBadge count={aligner.openSupportTickets} />
        </Flex>
      }
      extra={<FavoriteToggle serialNumber={aligner.serialNumber} favorite />}
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'version',
              label: T.softwareVersion,
              children: (
                <UnitVersionChip version={aligner.version} latest={latest.semantic(aligner.family)} />
              ),
            },
            { key: 'pending', label: T.pendingDownload, children: aligner.pendingSoftwareDownload || T.none },
            {
              key: 'connectCount',
              label: T.connectionCount,
              children: aligner.connectCount.toLocaleString('en-US'),
            },
            {
              key: 'connected',
              label: T.connected,
              children: <Tag color={connected ? 'green' : 'default'}>{connected ? T.yes : T.no}</Tag>,
            },
            { key: 'port', label: T.port, children: whenConnected(aligner.port) },
            { key: 'address', label: T.address, children: whenConnected(addressDisplay(aligner.address)) },
            {
              key: 'procedure',
              label: T.currentProcedure,
              children: whenConnected(aligner.currentProcedure),
            },
            {
              key: 'geo',
              label: T.geolocation,
              span: 'filled',
              children: [
                geo.continent_name,
                `${geo.country_name} (${geo.country_code})`,
                geo.region,
                geo.city,
                `${geo.time_zone.name} ${formatUtcOffset(geo.time_zone.offset)}`,
              ]
                .filter((part) => part.trim() !== '')
                .join(' · '),
            },
          ]}
        />
        {capabilities.updateStatus && aligner.updateState && (
          <UpdateStatusPanel
            aligner={aligner}
            showCommands
            commandsDisabledReason={connected ? undefined : UNIT_TEXTS.notConnected}
          />
        )}
      </Flex>
    </Card>
  );
}
