import { useEffect } from 'react';
import { useLazyReadExpiredQuery } from '@equipment-dashboard/api-client';
import { PASSWORD_EXPIRY_CHECK_MS } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { passwordExpired } from './change-password-slice';

/**
 * The expiry check of console-core §4: on load and every 30 minutes. An expired password opens the
 * change-password dialog, which cannot be cancelled then. A failed check is only logged (§8).
 */
function usePasswordExpiryCheck(username: string | undefined): void {
  const [readExpired] = useLazyReadExpiredQuery();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!username) return undefined;
    const check = async () => {
      try {
        const answer = await readExpired({ username }).unwrap();
        if (answer?.expired) dispatch(passwordExpired());
      } catch (error) {
        console.warn('password expiry check failed', error);
      }
    };
    void check();
    const timer = setInterval(() => void check(), PASSWORD_EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [username, readExpired, dispatch]);
}

/**
 * The check as a component of its own, for the signed-in shell: the check's query state changes as it
 * runs (started, answered), and each change re-rendered whatever calls the hook. Called by the shell,
 * that was the whole top bar and drawer, twice at every sign-in.
 */
export function PasswordExpiryCheck({ username }: { username: string | undefined }): null {
  usePasswordExpiryCheck(username);
  return null;
}
