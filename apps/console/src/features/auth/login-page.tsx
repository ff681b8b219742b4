import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTokenMutation } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { errorStatus, errorText } from '../../shared/api/error-text';
import { warmUpIntl } from '../../shared/intl-warm-up';
import { preloadAfterSignIn } from '../../shared/preload';
import { tokenStored } from '../../shared/session/session-slice';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import { AUTH_TEXTS } from './texts';

/**
 * Login (console-core §2, §4): Username, Password, Enter submits, LOGIN, a link to request a reset.
 * Success stores the token and goes to /. A failure says why (the old console showed nothing).
 */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { isLoading }] = useTokenMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ready = username.trim() !== '' && password !== '' && !isLoading;
  useEffect(warmUpIntl, []);

  const submit = async () => {
    setFailure(null);
    const signingIn = signIn({ username: username.trim(), password });
    // The shell and the dashboard's code load while the server checks the password (after the token call).
    preloadAfterSignIn();
    const result = await signingIn;
    if (result.data) {
      // The slice stored the token; the session follows it and the router leaves /login.
      dispatch(tokenStored(result.data));
      navigate('/', { replace: true });
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
