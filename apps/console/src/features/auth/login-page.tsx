import { Alert, Button, Input } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTokenMutation } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { errorStatus, errorText } from '../../shared/api/error-text';
import { warmUpIntl } from '../../shared/intl-warm-up';
import { preloadAfterSignIn } from '../../shared/preload';
import { tokenStored } from '../../shared/session/session-slice';
import { AuthCard } from './auth-card';
import { AuthField } from './auth-field';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
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
    <AuthCard title={AUTH_TEXTS.signInTitle}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <AuthField id="login-username" label={AUTH_TEXTS.username}>
          <Input
            id="login-username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            autoFocus
            size="large"
          />
        </AuthField>
        <AuthField id="login-password" label={AUTH_TEXTS.password}>
          <Input.Password
            id="login-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            size="large"
          />
        </AuthField>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading} disabled={!ready && !isLoading}>
          {AUTH_TEXTS.login}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/request_password_reset">{AUTH_TEXTS.requestPasswordResetLink}</Link>
      </div>
    </AuthCard>
  );
}
