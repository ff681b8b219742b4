import { Typography } from 'antd';
import { Link } from 'react-router';
import { useReadAlertsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS, type Role } from '@equipment-dashboard/domain';
import { EQUIPMENT_TEXTS as T } from './texts';

/**
 * The unit's firing alerts in its dialog (what a technician at the unit checks first): how many, linked to the Alerts screen
 * filtered to the unit. Only for the roles that see alerts.
 */
export function UnitAlertsLink({ serialNumber, role }: { serialNumber: string; role: Role | undefined }) {
  const allowed = can(role, PERMISSIONS.viewAlerts);
  const { data } = useReadAlertsQuery({ page: 1, state: 'firing', serialNumber }, { skip: !allowed });
  if (!allowed) return null;
  return (
    <Typography.Text>
      <Link to={`/Alerts?tab=firing&serialNumber=${encodeURIComponent(serialNumber)}`}>
        {T.firingAlerts(data?.totalDocs)}
      </Link>
    </Typography.Text>
  );
}
