import { Badge } from 'antd';
import { BugFilled } from '@ant-design/icons';
import { UNIT_TEXTS } from './texts';

/** Amber, as console-core §2 says of the radar's bug badge. */
const AMBER = '#faad14';

/**
 * The amber bug badge with a unit's open-ticket count (console-core §2). `showZero` keeps it visible
 * at 0 (the detail dialog); My Radar shows it only above 0.
 */
export function OpenTicketsBadge({ count, showZero = false }: { count: number; showZero?: boolean }) {
  if (count <= 0 && !showZero) return null;
  return (
    <span
      role="img"
      aria-label={UNIT_TEXTS.openTickets(count)}
      title={UNIT_TEXTS.openTickets(count)}
      style={{ display: 'inline-block', padding: '6px 8px 0 0', lineHeight: 1 }}
    >
      <Badge count={count} showZero={showZero} color={AMBER} size="small" offset={[4, 0]}>
        <BugFilled style={{ fontSize: 20, color: AMBER }} />
      </Badge>
    </span>
  );
}
