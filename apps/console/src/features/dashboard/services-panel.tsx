import { Badge, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { type ServiceStatus } from '@equipment-dashboard/contract';
import { useCheckServicesQuery, useResetServiceMutation } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS, SERVICE_NAMES, SERVICES, type ServiceName } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { Panel } from './panel';
import { DASHBOARD_TEXTS } from './texts';

/** How long a restart button waits for its service to come back before it gives up waiting. */
const RESTART_WAIT_MS = 60_000;

/** Where a requested restart is: asked for, then seen down; seen up again ends it. */
type RestartPhase = 'requested' | 'down';

/** Follows each requested restart through the live status: the button spins until the service is back. */
function useRestarts(status: ServiceStatus | undefined) {
  const [restarts, setRestarts] = useState<Partial<Record<ServiceName, RestartPhase>>>({});

  useEffect(() => {
    if (!status) return;
    setRestarts((current) => {
      let changed = false;
      const next = { ...current };
      for (const name of Object.keys(current) as ServiceName[]) {
        if (!status[name] && current[name] === 'requested') {
          next[name] = 'down';
          changed = true;
        } else if (status[name] && current[name] === 'down') {
          delete next[name];
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [status]);

  const started = (name: ServiceName) => {
    setRestarts((current) => ({ ...current, [name]: 'requested' }));
    setTimeout(() => {
      setRestarts((current) => {
        if (!(name in current)) return current;
        const next = { ...current };
        delete next[name];
        return next;
      });
    }, RESTART_WAIT_MS);
  };
  return { restarts, started };
}

/** Up or down per back-end service; admins get a restart button per service (console-core §6). */
export function ServicesPanel() {
  const { data: status, isLoading, isError } = useCheckServicesQuery();
  const user = useAppSelector(selectUser);
  const mayRestart = can(user?.role, PERMISSIONS.restartService);
  const [resetService] = useResetServiceMutation();
  const dispatch = useAppDispatch();
  const { restarts, started } = useRestarts(status);
  const [asking, setAsking] = useState<ServiceName | null>(null);

  const restart = async (name: ServiceName) => {
    setAsking(name);
    const result = await resetService({ serviceName: name });
    setAsking(null);
    if (result.error) dispatch(snackbarShown(DASHBOARD_TEXTS.restartFailed(SERVICES[name])));
    else started(name);
  };

  return (
    <Panel title={DASHBOARD_TEXTS.services} loading={isLoading} failed={isError && !status}>
      {status && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {SERVICE_NAMES.map((name) => {
            const label = SERVICES[name];
            const up = status[name];
            return (
              <li
                key={name}
                aria-label={label}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 12,
                  minHeight: 32,
                  borderBottom: '1px solid #f0f0f0',
                }}
              >
                <span style={{ flex: 1 }}>{label}</span>
                <Badge
                  status={up ? 'success' : 'error'}
                  text={up ? DASHBOARD_TEXTS.up : DASHBOARD_TEXTS.down}
                  style={{ width: 64 }}
                />
                {mayRestart && (
                  <Button
                    size="small"
                    type="text"
                    icon={<ReloadOutlined />}
                    aria-label={DASHBOARD_TEXTS.restartLabel(label)}
                    title={DASHBOARD_TEXTS.restart}
                    loading={asking === name || name in restarts}
                    onClick={() => void restart(name)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
