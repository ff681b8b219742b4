import express, { type Request, type Response, type Router } from 'express';
import { SignInError, type SignInFailure } from '../../auth/oidc/relying-party';
import { SIGN_IN_TTL_SECONDS } from '../../auth/oidc/sealer';
import { HttpError } from '../../core/errors';
import * as oidc from '../../services/oidc-service';
import type { ServiceDeps } from '../../services/service-deps';

/** The cookie that carries a sign-in under way from its start to the provider's callback. */
export const SIGN_IN_COOKIE = 'oidc_sign_in';
const COOKIE_PATH = '/auth/oidc/';

/** What the error page says for each way a sign-in can fail: what happened, then how to try again. */
export const SIGN_IN_FAILURE_TEXTS: Record<
  SignInFailure | 'unknown_provider',
  { title: string; text: string; status: number }
> = {
  refused: {
    title: 'The sign-in was refused',
    text: 'The identity provider did not sign you in: the request was declined there, or your account may not use this application. If that was a mistake, try again.',
    status: 403,
  },
  no_role: {
    title: 'Your account has no access to the Equipment Dashboard',
    text: "You signed in, but none of your groups at the identity provider gives a role here. Ask your administrator to add you to the dashboard's group, then try again.",
    status: 403,
  },
  stale: {
    title: 'This sign-in has expired',
    text: 'The sign-in was started too long ago, in another browser or tab, or was changed on its way. Nobody was signed in. Start again from the sign-in page.',
    status: 400,
  },
  invalid: {
    title: "The identity provider's answer could not be verified",
    text: 'Nobody was signed in. Try again; if this happens again, tell your administrator.',
    status: 400,
  },
  unavailable: {
    title: 'The identity provider cannot be reached',
    text: 'The sign-in could not be completed just now. Try again in a moment.',
    status: 502,
  },
  unknown_provider: {
    title: 'No such identity provider',
    text: 'This sign-in link names an identity provider this dashboard does not know. Start again from the sign-in page.',
    status: 404,
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page of a sign-in that did not complete: what happened and how to try again; never a stack trace. */
function signInFailedPage(
  res: Response,
  reason: SignInFailure | 'unknown_provider',
  retry: string | null,
): void {
  const { title, text, status } = SIGN_IN_FAILURE_TEXTS[reason];
  const links = [
    retry ? `<a class="primary" href="${escapeHtml(retry)}">Try again</a>` : '',
    '<a href="/login?local=1">Back to sign in</a>',
  ].join(' ');
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)} · Equipment Dashboard</title>` +
        '<style>body{font-family:system-ui,sans-serif;background:#f5f5f5;color:#1f1f1f;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}' +
        'main{background:#fff;max-width:32rem;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}h1{font-size:1.4rem;margin-top:0}' +
        'a{display:inline-block;margin:1rem 1rem 0 0;color:#0b57d0}a.primary{background:#0b57d0;color:#fff;padding:.5rem 1rem;border-radius:4px;text-decoration:none}</style>' +
        `</head><body><main data-reason="${reason}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p>${links}</p></main></body></html>`,
    );
}

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

function stringQuery(req: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string') query[key] = value;
  return query;
}

/**
 * The browser's side of signing in with an identity provider, and the provider's back-channel logout: redirects
 * and a page, not JSON calls, so they are not in the contract. The cookie between start and callback is HttpOnly,
 * SameSite=Lax (the provider's redirect back is a top-level GET) and Secure on an https PUBLIC_URL.
 */
export function oidcRouter(deps: ServiceDeps): Router {
  const router = express.Router();
  const secure = deps.config.PUBLIC_URL.startsWith('https://');
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: COOKIE_PATH };
  const known = (id: string) => deps.identity.get(id) !== undefined;

  router.get('/auth/oidc/:provider/login', async (req, res) => {
    const provider = req.params['provider'] ?? '';
    if (!known(provider)) return signInFailedPage(res, 'unknown_provider', null);
    const returnTo = typeof req.query['returnTo'] === 'string' ? req.query['returnTo'] : undefined;
    try {
      const { url, cookie } = await oidc.startSignIn(deps, provider, returnTo);
      res.cookie(SIGN_IN_COOKIE, cookie, { ...cookieOptions, maxAge: SIGN_IN_TTL_SECONDS * 1000 });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, url);
    } catch (error) {
      if (!(error instanceof SignInError)) throw error;
      deps.logger.warn({ provider, reason: error.reason, detail: error.detail }, 'sign-in could not start');
      signInFailedPage(res, error.reason, `/auth/oidc/${provider}/login`);
    }
  });

  router.get('/auth/oidc/:provider/callback', async (req, res) => {
    const provider = req.params['provider'] ?? '';
    if (!known(provider)) return signInFailedPage(res, 'unknown_provider', null);
    // The sign-in's cookie serves once, whatever the outcome: a replayed callback finds none.
    res.clearCookie(SIGN_IN_COOKIE, cookieOptions);
    try {
      const { location } = await oidc.completeSignIn(
        deps,
        provider,
        stringQuery(req),
        cookieOf(req, SIGN_IN_COOKIE),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, location);
    } catch (error) {
      if (!(error instanceof SignInError)) throw error;
      deps.logger.warn(
        { provider, reason: error.reason, detail: error.detail },
        'sign-in through a provider failed',
      );
      signInFailedPage(res, error.reason, `/auth/oidc/${provider}/login`);
    }
  });

  router.post('/auth/oidc/:provider/backchannel_logout', async (req, res) => {
    const provider = req.params['provider'] ?? '';
    res.setHeader('Cache-Control', 'no-store');
    if (!known(provider)) throw new HttpError(404, 'not_found', `No identity provider ${provider}.`);
    const token = (req.body as { logout_token?: unknown } | undefined)?.logout_token;
    if (typeof token !== 'string' || !token) {
      res.status(400).json({ error: 'invalid_request', error_description: 'logout_token is required.' });
      return;
    }
    try {
      const users = await oidc.backchannelLogout(deps, provider, token);
      deps.logger.info({ provider, users }, 'back-channel logout');
      res.status(200).end();
    } catch (error) {
      if (!(error instanceof SignInError)) throw error;
      deps.logger.warn({ provider, detail: error.detail }, 'back-channel logout refused');
      res
        .status(error.reason === 'unavailable' ? 502 : 400)
        .json({ error: 'invalid_request', error_description: 'The logout token is not valid.' });
    }
  });

  return router;
}
