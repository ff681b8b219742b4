import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useState } from 'react';
import {
  equipmentApi,
  useCreateFavoriteMutation,
  useDeleteFavoriteMutation,
} from '@equipment-dashboard/api-client';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectUser } from '../session/session-slice';
import { snackbarShown } from '../ui/ui-slice';
import { failureReason } from './use-command-runner';
import { UNIT_TEXTS } from './texts';

/**
 * The favourite toggle of the detail dialog and My Radar (console-core §2, §4): on puts the unit on
 * the signed-in user's radar, off takes it off. The server enforces the radar's limit; any failure to
 * add shows 'Favorite limit exceeded.' (console-core §8). The radar list and the unit reload through
 * their cache tags (and the RADAR_* live events).
 */
export function FavoriteToggle({ serialNumber, favorite }: { serialNumber: string; favorite: boolean }) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [createFavorite] = useCreateFavoriteMutation();
  const [deleteFavorite] = useDeleteFavoriteMutation();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!user || busy) return;
    setBusy(true);
    const body = { username: user.username, serialNumber };
    const result = favorite ? await deleteFavorite(body) : await createFavorite(body);
    setBusy(false);
    if (result.error) {
      dispatch(
        snackbarShown(
          favorite
            ? UNIT_TEXTS.favoriteRemoveFailed(failureReason(result.error))
            : UNIT_TEXTS.favoriteLimitExceeded,
        ),
      );
      return;
    }
    // Show the new state at once; the unit's reload (its tag was invalidated) confirms it.
    dispatch(
      equipmentApi.util.updateQueryData('readAligner', body, (aligner) => {
        aligner.favorite = result.data.favorite;
      }),
    );
  };

  const label = favorite ? UNIT_TEXTS.removeFavorite : UNIT_TEXTS.addFavorite;
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={UNIT_TEXTS.favorite}
        aria-pressed={favorite}
        aria-description={label}
        loading={busy}
        icon={favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}
