import { Alert as Notice, Descriptions, Drawer, Spin, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useReadAlertQuery, useReadSilencesQuery } from '@equipment-dashboard/api-client';
import { AlertSubjectLink } from '../../shared/alerts/alert-subject';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { serverProblem } from '../../shared/back-office/server-error';
import { formatDateTime } from '../../shared/equipment/format';
import { useFocusReturn } from '../../shared/ui/use-focus-return';
import { alertWhy } from './alert-why';
import { ALERTS_TEXTS as T } from './texts';

/** The silence (its id and reason) that held an alert, linked to it on the Silences tab. */
function SilenceRef({ id, onFollow }: { id: number; onFollow: () => void }) {
  const { data } = useReadSilencesQuery({ page: 1, id });
  return (
    <>
      {T.bySilence}{' '}
      <Link to={`/Alerts?tab=silences&id=${id}`} onClick={onFollow}>
        {T.silenceName(id, data?.docs[0]?.reason)}
      </Link>
    </>
  );
}

/** Who or what made a change: a silence the server names as "silence <id>" is named by its reason and linked. */
function ChangedBy({ by, onFollow }: { by: string; onFollow: () => void }) {
  const silence = /^silence ([1-9]\d{0,9})$/.exec(by);
  if (!silence) return <>{T.by(by)}</>;
  return <SilenceRef id={Number(silence[1])} onFollow={onFollow} />;
}

/** One alert in a drawer: what it is about, who acknowledged or resolved it, and its state history, oldest first. */
export function AlertDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  useFocusReturn();
  const { data: alert, isLoading, error } = useReadAlertQuery({ id });
  return (
    <Drawer
      open
      title={T.detailTitle(id)}
      size={520}
      onClose={onClose}
      closable={{ 'aria-label': T.closeDetail }}
    >
      {isLoading && <Spin aria-label={T.detailLoading} />}
      {Boolean(error) && !alert && <Notice type="error" showIcon title={serverProblem(error).sentence} />}
      {alert && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={T.severity}>
              <SeverityTag severity={alert.severity} />
            </Descriptions.Item>
            <Descriptions.Item label={T.state}>
              <Tag>{T.stateLabels[alert.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={T.rule}>{alert.ruleName}</Descriptions.Item>
            <Descriptions.Item label={T.kind}>{T.kindLabels[alert.kind]}</Descriptions.Item>
            <Descriptions.Item label={T.subject}>
              <AlertSubjectLink subject={alert.subject} onFollow={onClose} />
            </Descriptions.Item>
            <Descriptions.Item label={T.summary}>{alert.summary}</Descriptions.Item>
            {alertWhy(alert) && <Descriptions.Item label={T.cause}>{alertWhy(alert)}</Descriptions.Item>}
            <Descriptions.Item label={T.started}>{formatDateTime(alert.startedAt)}</Descriptions.Item>
            {(alert.firedAt || alert.state === 'resolved') && (
              <Descriptions.Item label={T.fired}>
                {alert.firedAt ? formatDateTime(alert.firedAt) : T.neverFiredDetail}
              </Descriptions.Item>
            )}
            {alert.acknowledgedBy && (
              <Descriptions.Item label={T.acknowledgedBy}>
                {alert.acknowledgedBy} {formatDateTime(alert.acknowledgedAt)}
              </Descriptions.Item>
            )}
            {alert.comment && <Descriptions.Item label={T.comment}>{alert.comment}</Descriptions.Item>}
            {alert.resolvedAt && (
              <Descriptions.Item label={T.resolved}>
                {formatDateTime(alert.resolvedAt)} {alert.resolvedBy ? T.by(alert.resolvedBy) : ''}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {T.history}
          </Typography.Title>
          <Timeline
            items={alert.history.map((change, i) => ({
              key: i,
              content: (
                <>
                  <div>
                    {T.historyEntry(
                      change.from === null ? null : T.stateLabels[change.from],
                      T.stateLabels[change.to],
                    )}
                  </div>
                  <div style={{ opacity: 0.75 }}>
                    {formatDateTime(change.at)} <ChangedBy by={change.by} onFollow={onClose} />
                  </div>
                  {change.comment && <div>{change.comment}</div>}
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
