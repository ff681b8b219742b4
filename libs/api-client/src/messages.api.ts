import {
  createMessage,
  deleteMessage,
  readMessages,
  type ResponseOf,
  updateMessage,
  uploadSerialnumbers,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags, toRequest } from './request';

/** The CSV upload: the file only. */
export interface UploadSerialnumbersArgs {
  file: Blob;
}

/** In-app messages (back-office §7.4). */
export const messagesApi = injectAreaEndpoints((call, build) => {
  // A save can move a message to another tab (disposition), so every list reloads, not just the item.
  const changed = (_result: unknown, _error: unknown, { id }: { id: number }) => [
    { type: 'Message' as const, id: 'LIST' },
    { type: 'Message' as const, id },
  ];
  return {
    readMessages: call.query(readMessages, (result) =>
      listTags('Message', result?.docs, (message) => message.id),
    ),
    createMessage: call.mutation(createMessage, [{ type: 'Message', id: 'LIST' }]),
    uploadSerialnumbers: build.mutation<ResponseOf<typeof uploadSerialnumbers>, UploadSerialnumbersArgs>({
      query: ({ file }) => toRequest(uploadSerialnumbers, { body: { file } }),
    }),
    updateMessage: call.mutation(updateMessage, changed),
    deleteMessage: call.mutation(deleteMessage, changed),
  };
});

export const {
  useReadMessagesQuery,
  useCreateMessageMutation,
  useUploadSerialnumbersMutation,
  useUpdateMessageMutation,
  useDeleteMessageMutation,
} = messagesApi;
