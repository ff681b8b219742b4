import { BellOutlined } from '@ant-design/icons';
import { Alert as Notice, Badge, Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReadAlertCountsQuery, useReadAlertGroupsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { groupAlertsPath, placeLabel } from '../../shared/alerts/alert-group';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { formatDateTime } from '../../shared/equipment/format';
import { selectUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../store';
import { SHELL_TEXTS as T } from '../texts';
import { BELL_TEXTS as B } from './alerts-bell-texts';

/** Every firing group, on the Alerts screen (the drawer shows the first page of them). */
const ALL_FIRING_GROUPS = '/Alerts?tab=firing&view=groups';

/**
 * The firing alerts by rule and place, largest first (the first page of groups, read while the drawer is open; the
 * live channel keeps it current): a storm of thousands of units is one line, and the groups past the page are
 * counted.
 */
function FiringGroups({ onFollow, unacknowledged }: { onFollow: () => void; unacknowledged: number }) {
  const { data, isLoading, error } = useReadAlertGroupsQuery({ page: 1, state: 'firing' });
  if (isLoading) return <Spin aria-label={T.alertsLoading} />;
  if (error && !data) return <Notice type="error" showIcon title={T.alertsFailed} />;
  const groups = data?.docs ?? [];
  if (groups.length === 0) return <Typography.Text type="secondary">{T.noFiring}</Typography.Text>;
  const more = (data?.totalDocs ?? groups.length) - groups.length;
  return (
    <>
      {unacknowledged > 0 && <Typography.Paragraph>{B.unacknowledged(unacknowledged)}</Typography.Paragraph>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {groups.map((group) => (
          <li
            key={`${group.ruleId}|${group.countryCode ?? ''}|${group.region ?? ''}`}
            style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
          >
            <Flex vertical gap={2}>
              <Flex gap={8} align="center" wrap>
                <SeverityTag severity={group.severity} />
                <Typography.Text strong>{group.ruleName}</Typography.Text>
              </Flex>
              <Link to={groupAlertsPath(group)} onClick={onFollow}>
                {group.placeName
                  ? T.groupAlerts(group.count, placeLabel(group))
                  : T.groupAlertsCount(group.count)}
              </Link>
              {group.summary && <Typography.Text>{group.summary}</Typography.Text>}
              <Typography.Text type="secondary">
                {T.groupSince(formatDateTime(group.firstStartedAt))}
              </Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <Link to={ALL_FIRING_GROUPS} onClick={onFollow}>
            {T.moreGroups(more)}
          </Link>
        </Typography.Paragraph>
      )}
    </>
  );
}

/** The bell of a role that sees alerts: the count of firing, unacknowledged alerts, and a drawer of them by place. */
function LiveBell() {
  const [open, setOpen] = useState(false);
  // ALERT_COUNTS events replace this answer in the cache: the badge follows without polling.
  const { data } = useReadAlertCountsQuery();
  const count = data?.unacknowledged ?? 0;
  const close = () => setOpen(false);
  return (
    <>
      <Badge count={count === 0 ? 0 : B.badge(count)} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={T.alertsBell(count)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Drawer
        open={open}
        title={T.alertsDrawer}
        placement="right"
        size={380}
        onClose={close}
        closable={{ 'aria-label': T.closeDrawer }}
        destroyOnHidden
        footer={
          <Link to="/Alerts" onClick={close}>
            {T.openAlerts}
          </Link>
        }
      >
        {open && <FiringGroups onFollow={close} unacknowledged={count} />}
      </Drawer>
    </>
  );
}

/**
 * The top bar's bell: alerts that fire and nobody acknowledged. Roles that see alerts get the live count and the drawer; the others (guest) keep
 * the spec's icon without behaviour, so the top bar looks the same for everyone.
 */
export function AlertsBell() {
  const role = useAppSelector(selectUser)?.role;
  if (!can(role, PERMISSIONS.viewAlerts)) {
    return <Button type="text" icon={<BellOutlined />} aria-label={T.notifications} />;
  }
  return <LiveBell />;
}
