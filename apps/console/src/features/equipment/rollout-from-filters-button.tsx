import { Button, Tooltip } from 'antd';
import { DeploymentUnitOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NewRolloutDialog } from '../../shared/rollouts/new-rollout-dialog';
import { NEW_ROLLOUT_TEXTS as T } from '../../shared/rollouts/texts';
import { selectUser } from '../../shared/session/session-slice';
import type { ListParams } from './list-params';

/**
 * "Roll out to these units" (a rollout's target may be "the current filters of the equipment list"):
 * for roles that manage rollouts, once a family filter is set (a rollout is of one family), it opens the New
 * rollout dialog with the list's family and filters as its target.
 */
export function RolloutFromFiltersButton({ params }: { params: ListParams }) {
  const role = useAppSelector(selectUser)?.role;
  const [open, setOpen] = useState(false);
  const family = params.filterFamily;
  if (!family || !can(role, PERMISSIONS.manageRollouts)) return null;
  return (
    <>
      <Tooltip title={T.fromFiltersHelp}>
        <Button icon={<DeploymentUnitOutlined />} onClick={() => setOpen(true)} style={{ marginBottom: 12 }}>
          {T.fromFilters}
        </Button>
      </Tooltip>
      {open && (
        <NewRolloutDialog
          onClose={() => setOpen(false)}
          initial={{
            family,
            filters: {
              filterCountryCode: params.filterCountryCode.trim(),
              filterSoftwareVersion: params.filterSoftwareVersion.trim(),
              filterSerialNumber: params.filterSerialNumber.trim(),
            },
          }}
        />
      )}
    </>
  );
}
