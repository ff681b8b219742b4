import { exampleMessage } from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { messagesApi } from './messages.api';

const { id, ...newMessage } = exampleMessage;
const message = () => json(exampleMessage);
const payload = { ...newMessage, disposition: 'pending approval' };

describeSlice('messages', messagesApi.endpoints, {
  readMessages: {
    arg: { page: 1, filterIssuerUsername: 'jdoe', invert: true, filterDisposition: 'draft' },
    query: { page: '1', filterIssuerUsername: 'jdoe', invert: 'true', filterDisposition: 'draft' },
    respond: () => json({ docs: [exampleMessage], totalDocs: 1 }),
  },
  createMessage: { arg: newMessage, json: newMessage, respond: message },
  uploadSerialnumbers: {
    arg: { file: new Blob(['ABCLK0001\nABCLK0002\n'], { type: 'text/csv' }) },
    multipart: ['file'],
    respond: () => json(['ABCLK0001', 'ABCLK0002']),
  },
  updateMessage: { arg: { id, payload }, json: { id, payload }, respond: message },
  deleteMessage: {
    arg: { id },
    json: { id },
    respond: () => json({ ...exampleMessage, disposition: 'deleted' }),
  },
});
