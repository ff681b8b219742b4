import {
  createFavorite,
  deleteEquipment,
  deleteFavorite,
  deleteScreenShot,
  getLatestPrinterStatusForAligner,
  getLatestUsbStatusForAligner,
  getLatestVoltagesForAligner,
  getScreenShotsForAligner,
  readAligner,
  readAligners,
  readDemoPort,
  readFavorites,
  readTicketHistory,
  screenShotImage,
} from '@equipment-dashboard/contract';
import type { TagType } from './base-api';
import { injectAreaEndpoints } from './contract-calls';
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
export const equipmentApi = injectAreaEndpoints((call, build) => {
  /** A unit's cache entry of one kind (its reports, its ticket history ...), by serial number. */
  const unitTag =
    (type: TagType) =>
    (_result: unknown, _error: unknown, { serialNumber }: { serialNumber: string }) => [
      { type, id: serialNumber },
    ];
  const favoriteChanged = (_result: unknown, _error: unknown, { serialNumber }: { serialNumber: string }) => [
    ...favoriteTags(serialNumber),
  ];
  return {
    readAligner: call.query(readAligner, unitTag('Aligner')),
    readAligners: call.query(readAligners, (result) =>
      listTags('Aligner', result?.docs, (row) => row.serialNumber),
    ),
    readFavorites: call.query(readFavorites, (result) => [
      ...listTags('Favorite', result, (aligner) => aligner.serialNumber),
      ...(result ?? []).map((aligner) => ({ type: 'Aligner' as const, id: aligner.serialNumber })),
    ]),
    getScreenShotsForAligner: call.query(getScreenShotsForAligner, (result, _error, { serialNumber }) => [
      { type: 'ScreenShot', id: serialNumber },
      ...(result ?? []).map((shot) => ({ type: 'ScreenShot' as const, id: shot.id })),
    ]),
    getLatestVoltagesForAligner: call.query(getLatestVoltagesForAligner, unitTag('Report')),
    getLatestPrinterStatusForAligner: call.query(getLatestPrinterStatusForAligner, unitTag('Report')),
    getLatestUsbStatusForAligner: call.query(getLatestUsbStatusForAligner, unitTag('Report')),
    readTicketHistory: call.query(readTicketHistory, unitTag('TicketHistory')),
    readDemoPort: call.query(readDemoPort),
    createFavorite: call.mutation(createFavorite, favoriteChanged),
    deleteFavorite: call.mutation(deleteFavorite, favoriteChanged),
    deleteEquipment: call.mutation(deleteEquipment, (_result, _error, { serialNumber }) => [
      { type: 'Aligner', id: 'LIST' },
      ...favoriteTags(serialNumber),
      'VersionTotals',
      'StagedTotals',
      'TopAligners',
      { type: 'SchedulerDevice', id: 'LIST' },
    ]),
    deleteScreenShot: call.queryMutation(deleteScreenShot, (_result, _error, { id }) => [
      { type: 'ScreenShot', id },
    ]),
    /** The object URL of a screenshot image (revoked when the cache entry goes). */
    screenShotImage: build.query<string, ScreenShotImageArgs>({
      query: ({ id, thumbnail }) => toRequest(screenShotImage, { params: { id }, query: { thumbnail } }),
      providesTags: (_result, _error, { id }) => [{ type: 'ScreenShot', id }],
      onCacheEntryAdded: (_args, lifecycle) => revokeWhenRemoved(lifecycle),
    }),
  };
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
