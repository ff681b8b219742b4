import { Button, Col, Result, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type Ticket, type TicketSummary } from '@equipment-dashboard/contract';
import { useReadTicketQuery } from '@equipment-dashboard/api-client';
import { booleanToYesNo, ticketDialogTitle } from '@equipment-dashboard/domain';
import { serverProblem } from '../../shared/back-office/server-error';
import { TextFields, type TextField } from '../../shared/back-office/text-fields';
import { formatDateTime } from '../../shared/equipment/format';
import { AttachmentsTab } from './attachments';
import { CommentList } from './comment-list';
import { TICKETS_TEXTS as T } from './texts';
import { OpenDialog } from '../../shared/ui/open-dialog';

const yesNo = (value: boolean | null) => (value === null ? T.notAnswered : booleanToYesNo(value));
const text = (value: string | null) => (value === null || value.trim() === '' ? T.notAnswered : value);

/** The ticket's fields (back-office §3), in the order the ticket stepper asks them (console-core §2). */
function TicketFields({ ticket }: { ticket: Ticket }) {
  const fields: TextField[] = [
    { label: T.serialNumber, value: ticket.serialNumber },
    { label: T.model, value: text(ticket.model) },
    { label: T.family, value: ticket.family },
    { label: T.status, value: ticket.status === 'open' ? T.open : T.closed },
    { label: T.escalated, value: booleanToYesNo(ticket.escalated) },
    { label: T.openedAt, value: formatDateTime(ticket.createdAt) },
    { label: T.openedBy, value: ticket.issuerUsername },
    { label: T.closedBy, value: text(ticket.closedByUsername) },
    { label: T.callerName, value: text(ticket.originatorName) },
    { label: T.callerEmail, value: text(ticket.originatorEmail) },
    { label: T.connected, value: booleanToYesNo(ticket.connected) },
    { label: T.version, value: text(ticket.version) },
    { label: T.specs, value: text(ticket.specs) },
    { label: T.techOnSite, value: yesNo(ticket.techOnSite) },
    { label: T.disposition, value: text(ticket.disposition) },
    { label: T.inService, value: text(ticket.inService) },
    { label: T.description, value: text(ticket.description) },
    { label: T.circumstance, value: text(ticket.circumstance) },
    { label: T.issueStartedOn, value: text(ticket.issueStartedOn) },
    { label: T.environment, value: text(ticket.environment) },
    { label: T.exhibitingNow, value: yesNo(ticket.exhibitingNow) },
    { label: T.reproducible, value: yesNo(ticket.reproducible) },
    { label: T.attemptedResolution, value: text(ticket.attemptedResolution) },
    { label: T.componentsReplaced, value: text(ticket.componentsReplaced) },
    { label: T.other, value: text(ticket.other) },
  ];
  return <TextFields fields={fields} labelWidth={170} />;
}

export interface TicketDetailDialogProps {
  ticketId: number;
  /** The list row, for the title while the full ticket loads. */
  summary?: TicketSummary;
  /** The role may comment and attach (every role but guest). */
  mayManage: boolean;
  onNewComment: (ticketId: number) => void;
  onNewAttachment: (ticketId: number) => void;
  onClose: () => void;
}

/**
 * The ticket detail dialog (back-office §2.1), titled 'Support Ticket - id - OPEN|CLOSED': tabs Ticket
 * (fields on the left, comments on the right, NO COMMENTS when none) and Attachments (with a count).
 * New Attachment and New Comment show only while the ticket is open; Cancel always.
 */
export function TicketDetailDialog(props: TicketDetailDialogProps) {
  const { ticketId, summary, mayManage, onNewComment, onNewAttachment, onClose } = props;
  const { data: ticket, isLoading, error } = useReadTicketQuery({ id: ticketId });
  const [tab, setTab] = useState('ticket');
  const status = ticket?.status ?? summary?.status;
  const open = status === 'open';

  const footer = [
    ...(open && mayManage && ticket
      ? [
          <Button key="attachment" onClick={() => onNewAttachment(ticketId)}>
            {T.newAttachment}
          </Button>,
          <Button key="comment" onClick={() => onNewComment(ticketId)}>
            {T.newComment}
          </Button>,
        ]
      : []),
    <Button key="cancel" type="primary" onClick={onClose}>
      {T.cancel}
    </Button>,
  ];

  return (
    <OpenDialog
      title={
        <span>
          {status ? ticketDialogTitle(ticketId, status) : T.titleLoading(ticketId)}
          {ticket?.escalated && ticket.status === 'open' && (
            <Tag color="red" style={{ marginInlineStart: 8 }}>
              {T.escalatedTag}
            </Tag>
          )}
        </span>
      }
      width={1100}
      footer={footer}
      onCancel={onClose}
    >
      {isLoading && <Skeleton active aria-label={T.loading} />}
      {error && !ticket && (
        <Result status="warning" title={T.ticketFailed} subTitle={serverProblem(error).sentence} />
      )}
      {ticket && (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'ticket',
              label: T.ticketTab,
              children: (
                <Row gutter={24}>
                  <Col xs={24} md={14}>
                    <TicketFields ticket={ticket} />
                  </Col>
                  <Col xs={24} md={10}>
                    <Typography.Title level={5}>{T.comments}</Typography.Title>
                    <CommentList comments={ticket.comments} maxHeight={560} />
                  </Col>
                </Row>
              ),
            },
            {
              key: 'attachments',
              label: T.attachmentsTab(ticket.attachments.length),
              children: <AttachmentsTab attachments={ticket.attachments} />,
            },
          ]}
        />
      )}
    </OpenDialog>
  );
}
