import { Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useMatch } from 'react-router';
import type { Rollout } from '@equipment-dashboard/contract';
import { useReadRolloutsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { NoAccess } from '../../shared/back-office/no-access';
import { ListScreen } from '../../shared/back-office/list-screen';
import { CreateButton } from '../../shared/back-office/screen-card';
import { useServerList } from '../../shared/back-office/use-server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { selectUser } from '../../shared/session/session-slice';
import { NewRolloutDialog } from '../../shared/rollouts/new-rollout-dialog';
import { PhaseProgress } from './phase-progress';
import { RolloutDetailView } from './rollout-detail';
import { RolloutStateTag } from './rollout-state-tag';
import { ROLLOUTS_TEXTS as T } from './texts';

const FILTERS = { filterName: '' };

/** The list of rollouts: server-paged, newest first, a state tag and a progress bar per phase. */
function RolloutList({ manage }: { manage: boolean }) {
  const list = useServerList(useReadRolloutsQuery, FILTERS);
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<Rollout> = [
    { key: 'name', title: T.name, render: (_v, r) => <Link to={`/Rollouts/${r.id}`}>{r.name}</Link> },
    { key: 'family', title: T.family, dataIndex: 'family' },
    { key: 'version', title: T.version, render: (_v, r) => r.version.semantic },
    { key: 'state', title: T.state, render: (_v, r) => <RolloutStateTag state={r.state} /> },
    {
      key: 'phases',
      title: T.phases,
      width: 260,
      render: (_v, r) => (
        <Flex vertical gap={0}>
          {r.phases.map((phase, i) => (
            <PhaseProgress key={i} phase={phase} index={i} />
          ))}
        </Flex>
      ),
    },
    { key: 'units', title: T.units, dataIndex: 'totalUnits' },
    { key: 'createdBy', title: T.createdBy, dataIndex: 'createdBy' },
    { key: 'createdAt', title: T.createdAt, render: (_v, r) => formatDateTime(r.createdAt) },
  ];

  return (
    <>
      <ListScreen<Rollout>
        title={T.title}
        {...list}
        columns={columns}
        filters={<ListFilterInput search={list.search} name="filterName" label={T.filterName} />}
        actions={manage ? <CreateButton label={T.newRollout} onClick={() => setCreating(true)} /> : undefined}
      />
      {creating && <NewRolloutDialog onClose={() => setCreating(false)} />}
    </>
  );
}

/**
 * Rollouts: the list at /Rollouts, one rollout at /Rollouts/:id. Seen by the Update Scheduler's
 * roles; New rollout, Pause, Resume and Abort for admin and engineer (the server refuses the others too).
 * Changes arrive by the live channel (ROLLOUT_UPDATED), so the screen never polls.
 */
export function RolloutsPage() {
  const role = useAppSelector(selectUser)?.role;
  // Matched on the location (not the route's params), so the screen reads /Rollouts/:id under any route table.
  const id = useMatch('/Rollouts/:id')?.params.id;
  if (!can(role, PERMISSIONS.viewRollouts)) return <NoAccess title={T.title} message={T.noAccess} />;
  const manage = can(role, PERMISSIONS.manageRollouts);
  const rolloutId = Number(id);
  if (id !== undefined) {
    return Number.isInteger(rolloutId) && rolloutId > 0 ? (
      <RolloutDetailView id={rolloutId} manage={manage} />
    ) : (
      <Typography.Text type="danger">{T.noAccess}</Typography.Text>
    );
  }
  return <RolloutList manage={manage} />;
}
