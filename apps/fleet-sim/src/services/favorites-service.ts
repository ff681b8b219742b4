import type { AuthUser } from '../auth/auth-user';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import * as unitsRepo from '../store/repos/units-repo';
import { readAlignersFor } from './equipment-service';
import type { ServiceDeps } from './service-deps';

function requireSelf(caller: AuthUser, username: string): void {
  if (username !== caller.username) throw new ForbiddenError('You can only change your own radar.');
}

/**
 * Puts a unit on the user's radar (console-core §4: the flag becomes true). The server keeps a limit
 * per user (FAVORITES_LIMIT); over it the call fails and the console shows 'Favorite limit exceeded.'.
 */
export async function addFavorite(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { username: string; serialNumber: string },
) {
  requireSelf(caller, input.username);
  const serial = input.serialNumber;
  if (!(await unitsRepo.findUnit(deps.db, serial)))
    throw new NotFoundError(`No unit with serial number ${serial}.`);
  if (!(await unitsRepo.isFavorite(deps.db, input.username, serial))) {
    const limit = deps.config.FAVORITES_LIMIT;
    if ((await unitsRepo.countFavorites(deps.db, input.username)) >= limit) {
      throw new ConflictError(
        `Your radar already holds ${limit} units, the most it can hold.`,
        { limit },
        'favorite_limit_exceeded',
      );
    }
    await unitsRepo.addFavorite(deps.db, input.username, serial);
    const [aligner] = await readAlignersFor(deps, input.username, [serial]);
    if (aligner) deps.live.emitToUser(input.username, 'RADAR_ADD_FAVORITE', aligner);
  }
  return { username: input.username, serialNumber: serial, favorite: true };
}

/** Takes a unit off the user's radar (the flag becomes false). */
export async function removeFavorite(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { username: string; serialNumber: string },
) {
  requireSelf(caller, input.username);
  if (await unitsRepo.removeFavorite(deps.db, input.username, input.serialNumber)) {
    deps.live.emitToUser(input.username, 'RADAR_REMOVE_FAVORITE', { serialNumber: input.serialNumber });
  }
  return { username: input.username, serialNumber: input.serialNumber, favorite: false };
}
