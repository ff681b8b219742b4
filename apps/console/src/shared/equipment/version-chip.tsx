import { Tag } from 'antd';
import { versionColour, versionLabel, type VersionLike } from '@equipment-dashboard/domain';

/**
 * A software version as a chip: green when up to date, red when older than the family's latest
 * (console-core §2, §9; the colour rule is libs/domain's `versionColour`).
 */
export function VersionChip({
  label,
  version,
  latest,
}: {
  label: string;
  version: string;
  latest: string | undefined;
}) {
  const colour = versionColour(version, latest);
  return (
    <Tag color={colour === 'red' ? 'red' : 'green'} data-colour={colour} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

/** A unit's reported version (semantic plus its meta) as a chip against its family's latest. */
export function UnitVersionChip({ version, latest }: { version: VersionLike; latest: string | undefined }) {
  return <VersionChip label={versionLabel(version)} version={version.semantic} latest={latest} />;
}
