import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOidcTokenMutation } from '@equipment-dashboard/api-client';
import { isConsoleReturnPath } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { preloadAfterSignIn } from '../../shared/preload';
import { tokenStored } from '../../shared/session/session-slice';
import { AuthCard, Hint } from './auth-card';
import { AUTH_TEXTS } from './texts';

/** The one-time code and the path to go back to, from the URL's fragment (which no server ever receives). */
function readFragment(): { handoff: string | null; returnTo: string | null } {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const returnTo = params.get('returnTo');
  return {
    handoff: params.get('handoff'),
    returnTo: returnTo && isConsoleReturnPath(returnTo) ? returnTo : null,
  };
}

/**
 * Where the server's callback sends the browser after the identity provider: the page trades the one-time code
 * for the product's token, stores it as the password form does, and opens the console (the path the sign-in began
 * from, or the dashboard). The code leaves the address bar at once.
 */
export function OidcCompletePage() {
  const [trade] = useOidcTokenMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { handoff, returnTo } = readFragment();
    window.history.replaceState(null, '', window.location.pathname);
    if (!handoff) {
      setFailed(true);
      return;
    }
    preloadAfterSignIn();
    void trade({ handoff }).then((result) => {
      if (result.data) {
        dispatch(tokenStored(result.data));
        navigate(returnTo ?? '/', { replace: true });
      } else setFailed(true);
    });
  }, [trade, dispatch, navigate]);
  return (
    <AuthCard title={AUTH_TEXTS.completingTitle}>
      {failed ? (
        <>
          <Alert type="error" showIcon title={AUTH_TEXTS.handoffFailed} style={{ marginBottom: 16 }} />
          <Link to="/login">{AUTH_TEXTS.backToLogin}</Link>
        </>
      ) : (
        <Hint>{AUTH_TEXTS.completing}</Hint>
      )}
    </AuthCard>
  );
}
