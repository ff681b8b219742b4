import { Alert } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  useReadProvidersQuery,
  useReadSignInOptionsQuery,
  useTokenMutation,
} from '@equipment-dashboard/api-client';
import { isConsoleReturnPath } from '@equipment-dashboard/domain';
import { browser } from '../../shared/browser';
import { useAppDispatch } from '../../app/store';
import { errorStatus, errorText } from '../../shared/api/error-text';
import { warmUpIntl } from '../../shared/intl-warm-up';
import { preloadAfterSignIn } from '../../shared/preload';
import { tokenStored } from '../../shared/session/session-slice';
import { AuthCard, Hint } from './auth-card';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import { ProviderButtons, providerLoginUrl } from './provider-buttons';
import { AUTH_TEXTS } from './texts';

/**
 * Login (console-core §2, §4): Username, Password, Enter submits, LOGIN, a link to request a reset.
 * Success stores the token and goes to /. A failure says why (the old console showed nothing).
 * Above the form, a "Sign in with <provider>" button per identity provider; with LOCAL_LOGIN=off only those.
 * With OIDC_AUTO_REDIRECT the page goes to the first provider at once, unless it is `/login?local=1`.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const local = params.get('local') === '1';
  const wanted = params.get('returnTo');
  const returnTo = wanted && isConsoleReturnPath(wanted) ? wanted : null;
  const { data: providers = [] } = useReadProvidersQuery();
  const { data: options } = useReadSignInOptionsQuery();
  const autoRedirect =
    !local && options?.autoRedirect ? providers.find((p) => p.id === options.autoRedirect) : undefined;
  useEffect(warmUpIntl, []);
  useEffect(() => {
    if (autoRedirect) browser.assign(providerLoginUrl(autoRedirect.id, returnTo));
  }, [autoRedirect, returnTo]);
  if (autoRedirect) {
    return (
      <AuthCard title={AUTH_TEXTS.signInTitle}>
        <Hint>{AUTH_TEXTS.redirecting(autoRedirect.name)}</Hint>
      </AuthCard>
    );
  }
  if (options?.localLogin === 'off') {
    return (
      <AuthCard title={AUTH_TEXTS.signInTitle}>
        <ProviderButtons providers={providers} returnTo={returnTo} />
      </AuthCard>
    );
  }
  return (
    <LocalLoginForm
      intro={
        providers.length > 0 ? (
          <>
            <ProviderButtons providers={providers} returnTo={returnTo} />
            <Hint>{options?.localLogin === 'admins' ? AUTH_TEXTS.adminsOnly : AUTH_TEXTS.orLocal}</Hint>
          </>
        ) : undefined
      }
      returnTo={returnTo}
    />
  );
}

function LocalLoginForm({ intro, returnTo }: { intro: ReactNode; returnTo: string | null }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { isLoading }] = useTokenMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ready = username.trim() !== '' && password !== '' && !isLoading;

  const submit = async () => {
    setFailure(null);
    const signingIn = signIn({ username: username.trim(), password });
    // The shell and the dashboard's code load while the server checks the password (after the token call).
    preloadAfterSignIn();
    const result = await signingIn;
    if (result.data) {
      // The slice stored the token; the session follows it and the router leaves /login.
      dispatch(tokenStored(result.data));
      navigate(returnTo ?? '/', { replace: true });
      return;
    }
    const status = errorStatus(result.error);
    if (status === 429) setFailure(errorText(result.error, AUTH_TEXTS.loginThrottled));
    else if (status === 400 || status === 401) setFailure(errorText(result.error, AUTH_TEXTS.loginFailed));
    else setFailure(AUTH_TEXTS.serverUnreachable);
  };

  return (
    <AuthForm
      title={AUTH_TEXTS.signInTitle}
      intro={intro}
      submitLabel={AUTH_TEXTS.login}
      ready={ready}
      loading={isLoading}
      onSubmit={submit}
      link={{ to: '/request_password_reset', label: AUTH_TEXTS.requestPasswordResetLink }}
    >
      <AuthField
        id="login-username"
        label={AUTH_TEXTS.username}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        autoFocus
      />
      <AuthField
        id="login-password"
        label={AUTH_TEXTS.password}
        password
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
    </AuthForm>
  );
}
