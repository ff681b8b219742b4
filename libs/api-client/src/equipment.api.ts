import {
  type BodyOf,
  createFavorite,
  deleteEquipment,
  deleteFavorite,
  deleteScreenShot,
  getLatestPrinterStatusForAligner,
  getLatestUsbStatusForAligner,
  getLatestVoltagesForAligner,
  getScreenShotsForAligner,
  type QueryOf,
  readAligner,
  readAligners,
  readDemoPort,
  readFavorites,
  readTicketHistory,
  type ResponseOf,
  screenShotImage,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, revokeWhenRemoved, toRequest } from './request';

/** Which screenshot image to load: the full image, or its thumbnail. */
export interface ScreenShotImageArgs {
  id: string;
  thumbnail?: boolean;
}

/** Tags of a favourite change: the radar and the unit (its favourite flag). */
const favoriteTags = (serialNumber: string) =>
  [
    { type: 'Favorite', id: 'LIST' },
    { type: 'Aligner', id: serialNumber },
  ] as const;

/** Equipment reads and writes (console-core §7). */
export const equipmentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readAligner: build.query<ResponseOf<typeof readAligner>, QueryOf<typeof readAligner>>({
      query: (query) => toRequest(readAligner, { query }),
      providesTags: (_result, _error, { serialNumber }) => [{ type: 'Aligner', id: serialNumber }],
    }),
    readAligners: build.query<ResponseOf<typeof readAligners>, QueryOf<typeof readAligners>>({
      query: (query) => toRequest(readAligners, { query }),
      providesTags: (result) => listTags('Aligner', result?.docs, (row) => row.serialNumber),
    }),
    readFavorites: build.query<ResponseOf<typeof readFavorites>, QueryOf<typeof readFavorites>>({
      query: (query) => toRequest(readFavorites, { query }),
      providesTags: (result) => [
        ...listTags('Favorite', result, (aligner) => aligner.serialNumber),
        ...(result ?? []).map((aligner) => ({ type: 'Aligner' as const, id: aligner.serialNumber })),
      ],
    }),
    getScreenShotsForAligner: build.query<
      ResponseOf<typeof getScreenShotsForAligner>,
      QueryOf<typeof getScreenShotsForAligner>
    >({
      query: (query) => toRequest(getScreenShotsForAligner, { query }),
      providesTags: (result, _error, { serialNumber }) => [
        { type: 'ScreenShot', id: serialNumber },
        ...(result ?? []).map((shot) => ({ type: 'ScreenShot' as const, id: shot.id })),
      ],
    }),
    getLatestVoltagesForAligner: build.query<
      ResponseOf<typeof getLatestVoltagesForAligner>,
      QueryOf<typeof getLatestVoltagesForAligner>
    >({
      query: (query) => toRequest(getLatestVoltagesForAligner, { query }),
      providesTags: (_result, _error, { serialNumber }) => [{ type: 'Report', id: serialNumber }],
    }),
    getLatestPrinterStatusForAligner: build.query<
      ResponseOf<typeof getLatestPrinterStatusForAligner>,
      QueryOf<typeof getLatestPrinterStatusForAligner>
    >({
      query: (query) => toRequest(getLatestPrinterStatusForAligner, { query }),
      providesTags: (_result, _error, { serialNumber }) => [{ type: 'Report', id: serialNumber }],
    }),
    getLatestUsbStatusForAligner: build.query<
      ResponseOf<typeof getLatestUsbStatusForAligner>,
      QueryOf<typeof getLatestUsbStatusForAligner>
    >({
      query: (query) => toRequest(getLatestUsbStatusForAligner, { query }),
      providesTags: (_result, _error, { serialNumber }) => [{ type: 'Report', id: serialNumber }],
    }),
    readTicketHistory: build.query<ResponseOf<typeof readTicketHistory>, QueryOf<typeof readTicketHistory>>({
      query: (query) => toRequest(readTicketHistory, { query }),
      providesTags: (_result, _error, { serialNumber }) => [{ type: 'TicketHistory', id: serialNumber }],
    }),
    readDemoPort: build.query<ResponseOf<typeof readDemoPort>, void>({
      query: () => toRequest(readDemoPort),
    }),
    createFavorite: build.mutation<ResponseOf<typeof createFavorite>, BodyOf<typeof createFavorite>>({
      query: (body) => toRequest(createFavorite, { body }),
      invalidatesTags: (_result, _error, { serialNumber }) => [...favoriteTags(serialNumber)],
    }),
    deleteFavorite: build.mutation<ResponseOf<typeof deleteFavorite>, BodyOf<typeof deleteFavorite>>({
      query: (body) => toRequest(deleteFavorite, { body }),
      invalidatesTags: (_result, _error, { serialNumber }) => [...favoriteTags(serialNumber)],
    }),
    deleteEquipment: build.mutation<ResponseOf<typeof deleteEquipment>, BodyOf<typeof deleteEquipment>>({
      query: (body) => toRequest(deleteEquipment, { body }),
      invalidatesTags: (_result, _error, { serialNumber }) => [
        { type: 'Aligner', id: 'LIST' },
        ...favoriteTags(serialNumber),
        'VersionTotals',
        'StagedTotals',
        'TopAligners',
        { type: 'SchedulerDevice', id: 'LIST' },
      ],
    }),
    deleteScreenShot: build.mutation<ResponseOf<typeof deleteScreenShot>, QueryOf<typeof deleteScreenShot>>({
      query: (query) => toRequest(deleteScreenShot, { query }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ScreenShot', id }],
    }),
    /** The object URL of a screenshot image (revoked when the cache entry goes). */
    screenShotImage: build.query<string, ScreenShotImageArgs>({
      query: ({ id, thumbnail }) => toRequest(screenShotImage, { params: { id }, query: { thumbnail } }),
      providesTags: (_result, _error, { id }) => [{ type: 'ScreenShot', id }],
      onCacheEntryAdded: (_args, lifecycle) => revokeWhenRemoved(lifecycle),
    }),
  }),
});

export const {
  useReadAlignerQuery,
  useLazyReadAlignerQuery,
  useReadAlignersQuery,
  useReadFavoritesQuery,
  useGetScreenShotsForAlignerQuery,
  useGetLatestVoltagesForAlignerQuery,
  useGetLatestPrinterStatusForAlignerQuery,
  useGetLatestUsbStatusForAlignerQuery,
  useReadTicketHistoryQuery,
  useReadDemoPortQuery,
  useCreateFavoriteMutation,
  useDeleteFavoriteMutation,
  useDeleteEquipmentMutation,
  useDeleteScreenShotMutation,
  useScreenShotImageQuery,
} = equipmentApi;
