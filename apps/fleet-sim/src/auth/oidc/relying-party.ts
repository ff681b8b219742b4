import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { custom, errors, generators, Issuer, type Client, type TokenSet } from 'openid-client';
import type { OidcProviderSettings } from '../../config/oidc-settings';

/** Why a sign-in through a provider did not complete; the sign-in's error page says what it means to the user. */
export type SignInFailure =
  /** The user refused, or the provider refused the user (an `error` answer such as access_denied). */
  | 'refused'
  /** The sign-in's state is missing, tampered with or too old (another tab, a bookmark, a replay). */
  | 'stale'
  /** The provider's answer did not check out: the code, the PKCE verifier, the ID token (issuer, audience ...). */
  | 'invalid'
  /** The provider's groups map to no role (strict mode). */
  | 'no_role'
  /** The provider cannot be reached or answered nonsense. */
  | 'unavailable';

/** A sign-in that did not complete, with the reason for the page and the detail for the log. */
export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SignInError';
  }
}

/** What one sign-in start puts in its cookie: checked at the callback. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A completed sign-in: the checked ID token's claims (with the userinfo's), and what later steps need. */
export interface SignedInAtProvider {
  claims: Record<string, unknown>;
  subject: string;
  /** The provider's session id (`sid`), if the ID token has one. */
  sid: string | null;
  idToken: string | null;
  refreshToken: string | null;
}

/** A logout token's subject and/or provider session (at least one is there). */
export interface LogoutTarget {
  subject: string | null;
  sid: string | null;
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

// A provider that does not answer within 10 s is not going to: the user sees a page that says so.
custom.setHttpOptionsDefaults({ timeout: 10_000 });

function explain(error: unknown): string {
  if (error instanceof errors.OPError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One identity provider as a relying party (openid-client): its metadata is discovered on first use (a provider
 * that is down does not stop the server from starting), and every exchange is checked by the library:
 * authorization code with PKCE (S256), `state`, `nonce`, the `iss` response parameter where the provider
 * advertises it, and the ID token's signature, issuer, audience, expiry and nonce.
 */
export class RelyingParty {
  private discovered: Promise<{ issuer: Issuer<Client>; client: Client }> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    readonly settings: OidcProviderSettings,
    /** `${PUBLIC_URL}/auth/oidc/<id>/callback`. */
    readonly redirectUri: string,
  ) {}

  get id(): string {
    return this.settings.id;
  }

  private async client(): Promise<{ issuer: Issuer<Client>; client: Client }> {
    this.discovered ??= (async () => {
      const issuer = await Issuer.discover(this.settings.issuer);
      // The discovered issuer must be the configured one exactly (OpenID Connect Discovery §4.3).
      if (issuer.metadata.issuer.replace(/\/+$/, '') !== this.settings.issuer) {
        throw new SignInError(
          'unavailable',
          `the provider's metadata names the issuer ${issuer.metadata.issuer}, not ${this.settings.issuer}`,
        );
      }
      const client = new issuer.Client({
        client_id: this.settings.clientId,
        ...(this.settings.clientSecret ? { client_secret: this.settings.clientSecret } : {}),
        redirect_uris: [this.redirectUri],
        response_types: ['code'],
        token_endpoint_auth_method: this.settings.clientSecret ? 'client_secret_basic' : 'none',
      });
      client[custom.clock_tolerance] = 5;
      return { issuer, client };
    })();
    try {
      return await this.discovered;
    } catch (error) {
      this.discovered = undefined; // the next sign-in asks again
      if (error instanceof SignInError) throw error;
      throw new SignInError('unavailable', `discovery of ${this.settings.issuer} failed: ${explain(error)}`);
    }
  }

  /** A new sign-in: its checks (for the cookie) and the provider's authorization URL to send the browser to. */
  async start(): Promise<{ checks: SignInChecks; url: string }> {
    const { client } = await this.client();
    const checks = {
      state: generators.state(),
      nonce: generators.nonce(),
      codeVerifier: generators.codeVerifier(),
    };
    const url = client.authorizationUrl({
      scope: this.settings.scopes.join(' '),
      redirect_uri: this.redirectUri,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: generators.codeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { checks, url };
  }

  /**
   * Completes a sign-in from the callback's query: the provider's error, a wrong state or issuer, a code the
   * provider refuses (replayed, for another client, a wrong PKCE verifier) and an ID token that does not check out
   * each throw a {@link SignInError}.
   */
  async complete(query: Record<string, string>, checks: SignInChecks): Promise<SignedInAtProvider> {
    const { client } = await this.client();
    if (query['error']) {
      throw new SignInError(
        'refused',
        `${query['error']}${query['error_description'] ? `: ${query['error_description']}` : ''}`,
      );
    }
    let tokens: TokenSet;
    try {
      tokens = await client.callback(this.redirectUri, query, {
        state: checks.state,
        nonce: checks.nonce,
        code_verifier: checks.codeVerifier,
        response_type: 'code',
      });
    } catch (error) {
      if (error instanceof errors.RPError && /state mismatch|state missing/i.test(error.message)) {
        throw new SignInError('stale', explain(error));
      }
      if (error instanceof errors.OPError || error instanceof errors.RPError) {
        throw new SignInError('invalid', explain(error));
      }
      throw new SignInError('unavailable', explain(error));
    }
    if (!tokens.id_token) throw new SignInError('invalid', 'the provider answered no ID token');
    return this.signedIn(client, tokens, tokens.refresh_token ?? null);
  }

  /** The ID token's claims, completed by the userinfo endpoint's where the provider has one (groups may be there). */
  private async signedIn(
    client: Client,
    tokens: TokenSet,
    refreshToken: string | null,
  ): Promise<SignedInAtProvider> {
    const idClaims: Record<string, unknown> = tokens.id_token ? { ...tokens.claims() } : {};
    let userinfo: Record<string, unknown> = {};
    if (tokens.access_token && client.issuer.metadata.userinfo_endpoint) {
      try {
        // openid-client checks that the userinfo's subject is the ID token's.
        userinfo = { ...(await client.userinfo(tokens)) };
      } catch {
        userinfo = {}; // the ID token's claims stand alone (Entra ID, for one, has its groups only there)
      }
    }
    const claims = { ...userinfo, ...idClaims };
    const subject = typeof claims['sub'] === 'string' ? claims['sub'] : '';
    if (!subject) throw new SignInError('invalid', 'the provider named no subject');
    return {
      claims,
      subject,
      sid: typeof idClaims['sid'] === 'string' ? idClaims['sid'] : null,
      idToken: tokens.id_token ?? null,
      refreshToken,
    };
  }

  /**
   * The user's current claims, through the refresh token (a user removed at the provider, or whose session there
   * ended, is refused: {@link SignInError} 'refused'); the new refresh token when the provider rotates it.
   */
  async recheck(refreshToken: string, subject: string): Promise<SignedInAtProvider> {
    const { client } = await this.client();
    let tokens: TokenSet;
    try {
      tokens = await client.refresh(refreshToken);
    } catch (error) {
      if (error instanceof errors.OPError) throw new SignInError('refused', explain(error));
      if (error instanceof errors.RPError) throw new SignInError('invalid', explain(error));
      throw new SignInError('unavailable', explain(error));
    }
    const now = await this.signedIn(client, tokens, tokens.refresh_token ?? refreshToken);
    if (now.subject !== subject) throw new SignInError('invalid', 'the refreshed subject is another user');
    return now;
  }

  /** The provider's end-session URL (RP-initiated logout), or null when it offers none. */
  async endSessionUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<string | null> {
    const { issuer, client } = await this.client();
    if (!issuer.metadata.end_session_endpoint) return null;
    return client.endSessionUrl({
      ...(idToken ? { id_token_hint: idToken } : {}),
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.settings.clientId,
    });
  }

  /**
   * Checks a back-channel logout token (OpenID Connect Back-Channel Logout §2.6): signed by the provider's keys,
   * its issuer, audience (this client), issued-at, the logout event, no nonce, and a subject or a session id.
   */
  async verifyLogoutToken(token: string): Promise<LogoutTarget> {
    const { issuer } = await this.client();
    const jwksUri = issuer.metadata.jwks_uri;
    if (!jwksUri) throw new SignInError('unavailable', 'the provider publishes no keys');
    this.jwks ??= createRemoteJWKSet(new URL(jwksUri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.jwks, {
        issuer: issuer.metadata.issuer,
        audience: this.settings.clientId,
        maxTokenAge: '10 minutes',
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError)
        throw new SignInError('invalid', `logout token: ${error.message}`);
      throw error;
    }
    const events = payload['events'];
    if (typeof events !== 'object' || events === null || !(BACKCHANNEL_EVENT in events)) {
      throw new SignInError('invalid', 'logout token: no back-channel logout event');
    }
    if ('nonce' in payload) throw new SignInError('invalid', 'logout token: a nonce is not allowed');
    if (!payload.jti) throw new SignInError('invalid', 'logout token: no jti');
    const subject = typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
    const sid = typeof payload['sid'] === 'string' && payload['sid'] ? payload['sid'] : null;
    if (!subject && !sid) throw new SignInError('invalid', 'logout token: neither sub nor sid');
    return { subject, sid };
  }
}
