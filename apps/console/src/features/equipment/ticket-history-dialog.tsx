import { Collapse, Descriptions, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { type TicketHistoryItem } from '@equipment-dashboard/contract';
import { useReadTicketHistoryQuery } from '@equipment-dashboard/api-client';
import { booleanToYesNo } from '@equipment-dashboard/domain';
import { formatDateTime } from '../../shared/equipment';
import { EQUIPMENT_TEXTS as T } from './texts';
import { OpenDialog } from '../../shared/ui/open-dialog';

const yesNo = (value: boolean | null) => (value === null ? '–' : booleanToYesNo(value));
const text = (value: string) => (value.trim() === '' ? '–' : value);

/** One ticket of the history: every field of console-core §3 and its comments. */
function TicketBody({ ticket }: { ticket: TicketHistoryItem }) {
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'openedBy', label: T.openedBy, children: ticket.openedBy },
          { key: 'version', label: T.version, children: text(ticket.version) },
          { key: 'specs', label: T.specs, children: text(ticket.specs) },
          { key: 'connected', label: T.connected, children: ticket.connected ? T.yes : T.no },
          { key: 'callerName', label: T.callerName, children: text(ticket.callerName) },
          { key: 'callerEmail', label: T.callerEmail, children: text(ticket.callerEmail) },
          { key: 'techOnSite', label: T.techOnSite, children: yesNo(ticket.techOnSite) },
          { key: 'disposition', label: T.disposition, children: ticket.disposition ?? '–' },
          { key: 'inService', label: T.inService, children: text(ticket.inService) },
          { key: 'components', label: T.componentsReplaced, children: text(ticket.componentsReplaced) },
          { key: 'description', label: T.description, children: text(ticket.description), span: 'filled' },
          { key: 'circumstance', label: T.circumstance, children: text(ticket.circumstance) },
          { key: 'issueStartedOn', label: T.issueStartedOn, children: text(ticket.issueStartedOn) },
          { key: 'environment', label: T.environment, children: text(ticket.environment) },
          { key: 'exhibitingNow', label: T.exhibitingNow, children: yesNo(ticket.exhibitingNow) },
          { key: 'reproducible', label: T.reproducible, children: yesNo(ticket.reproducible) },
          {
            key: 'attempted',
            label: T.attemptedResolution,
            children: text(ticket.attemptedResolution),
            span: 'filled',
          },
          { key: 'other', label: T.other, children: text(ticket.other), span: 'filled' },
        ]}
      />
      <section aria-label={T.comments}>
        <Typography.Text strong>{T.comments}</Typography.Text>
        {ticket.comments.length === 0 ? (
          <Typography.Paragraph type="secondary">{T.noComments}</Typography.Paragraph>
        ) : (
          <ul style={{ paddingInlineStart: 18, margin: '4px 0 0' }}>
            {ticket.comments.map((comment) => (
              <li key={comment.id}>
                <Typography.Text type="secondary">
                  {comment.authorUsername}, {formatDateTime(comment.createdAt)}:
                </Typography.Text>{' '}
                {comment.text}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

/** A unit's ticket history, newest first (console-core §2): NO TICKETS when there is none. */
export function TicketHistoryDialog({
  serialNumber,
  onClose,
}: {
  serialNumber: string;
  onClose: () => void;
}) {
  const { data, isLoading, isError } = useReadTicketHistoryQuery(
    { serialNumber },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <OpenDialog title={T.ticketHistoryTitle(serialNumber)} footer={null} width={900} onCancel={onClose}>
      {isLoading && <Skeleton active aria-label={T.loading} />}
      {isError && <Result status="warning" title={T.reportFailed} />}
      {data && data.length === 0 && <Empty description={T.noTickets} />}
      {data && data.length > 0 && (
        <Collapse
          defaultActiveKey={[String(data[0]?.id)]}
          items={data.map((ticket) => ({
            key: String(ticket.id),
            label: T.ticketHeader(ticket.id, formatDateTime(ticket.createdAt), ticket.openedBy),
            children: <TicketBody ticket={ticket} />,
          }))}
        />
      )}
    </OpenDialog>
  );
}
