import {
  type BodyOf,
  createMessage,
  deleteMessage,
  type QueryOf,
  readMessages,
  type ResponseOf,
  updateMessage,
  uploadSerialnumbers,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** The CSV upload: the file only. */
export interface UploadSerialnumbersArgs {
  file: Blob;
}

/** In-app messages (back-office §7.4). */
export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readMessages: build.query<ResponseOf<typeof readMessages>, QueryOf<typeof readMessages>>({
      query: (query) => toRequest(readMessages, { query }),
      providesTags: (result) => listTags('Message', result?.docs, (message) => message.id),
    }),
    createMessage: build.mutation<ResponseOf<typeof createMessage>, BodyOf<typeof createMessage>>({
      query: (body) => toRequest(createMessage, { body }),
      invalidatesTags: [{ type: 'Message', id: 'LIST' }],
    }),
    uploadSerialnumbers: build.mutation<ResponseOf<typeof uploadSerialnumbers>, UploadSerialnumbersArgs>({
      query: ({ file }) => toRequest(uploadSerialnumbers, { body: { file } }),
    }),
    // A save can move a message to another tab (disposition), so every list reloads, not just the item.
    updateMessage: build.mutation<ResponseOf<typeof updateMessage>, BodyOf<typeof updateMessage>>({
      query: (body) => toRequest(updateMessage, { body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Message', id: 'LIST' },
        { type: 'Message', id },
      ],
    }),
    deleteMessage: build.mutation<ResponseOf<typeof deleteMessage>, BodyOf<typeof deleteMessage>>({
      query: (body) => toRequest(deleteMessage, { body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Message', id: 'LIST' },
        { type: 'Message', id },
      ],
    }),
  }),
});

export const {
  useReadMessagesQuery,
  useCreateMessageMutation,
  useUploadSerialnumbersMutation,
  useUpdateMessageMutation,
  useDeleteMessageMutation,
} = messagesApi;
