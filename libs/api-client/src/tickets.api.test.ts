import {
  exampleAttachment,
  exampleComment,
  exampleNewTicketBody,
  exampleTicket,
} from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { ticketsApi } from './tickets.api';

const { comments: _c, attachments: _a, ...summary } = exampleTicket;
const newTicket = { ...exampleNewTicketBody, description: 'Cameras lose targets' };
const ticket = () => json(exampleTicket);

describeSlice('tickets', ticketsApi.endpoints, {
  createTicket: { arg: newTicket, json: newTicket, respond: ticket },
  readTickets: {
    arg: { page: 1, filterSerialNumber: '', closed: true, mine: false },
    query: { page: '1', closed: 'true', mine: 'false' },
    absentQuery: ['filterSerialNumber', 'username'],
    respond: () => json({ docs: [summary], totalDocs: 1 }),
  },
  readTicket: { arg: { id: 42 }, query: { id: '42' }, respond: ticket },
  updateTicketEscalated: { arg: { id: 42 }, json: { id: 42 }, respond: ticket },
  updateTicketDeescalated: { arg: { id: 42 }, json: { id: 42 }, respond: ticket },
  updateTicketClosed: {
    arg: { id: 42, username: 'jdoe' },
    json: { id: 42, username: 'jdoe' },
    respond: ticket,
  },
  createComment: {
    arg: { ticketId: 42, authorUsername: 'jdoe', text: 'Called back.' },
    json: { ticketId: 42, authorUsername: 'jdoe', text: 'Called back.' },
    respond: () => json(exampleComment),
  },
  uploadTicketAttachment: {
    arg: {
      ticketId: 42,
      authorUsername: 'jdoe',
      description: 'Error dialog',
      file: new Blob(['png'], { type: 'image/png' }),
    },
    query: { ticketId: '42', authorUsername: 'jdoe' },
    multipart: ['description', 'file'],
    respond: () => json(exampleAttachment),
  },
  attachmentFile: { arg: { id: 3 }, params: { id: 3 }, absentQuery: ['thumbnail'] },
});
