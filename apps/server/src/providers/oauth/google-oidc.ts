import * as oidc from 'openid-client';

/** What planns keeps of a verified ID token. */
export interface GoogleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
}

export interface GoogleAuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider refused, or its answer did not verify (signature, issuer, audience, expiry, nonce, state, PKCE). */
export class GoogleSignInError extends Error {}

/**
 * OpenID Connect with Google (decision 0040): authorization code with PKCE (S256), state and
 * nonce; the ID token's signature is checked against the provider's JWKS, and its issuer,
 * audience, expiry and nonce by openid-client. There is no offline default: without
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET Google sign-in is off.
 */
export interface GoogleOidcProvider {
  authorizationUrl(request: GoogleAuthorizationRequest): Promise<URL>;
  /** Exchanges the code the callback received (its full address) and returns the verified claims. */
  exchange(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<GoogleClaims>;
}

export class OpenIdGoogleProvider implements GoogleOidcProvider {
  readonly #issuer: URL;
  readonly #clientId: string;
  readonly #clientSecret: string;
  #configuration: Promise<oidc.Configuration> | null = null;

  constructor(options: { issuer: string; clientId: string; clientSecret: string }) {
    this.#issuer = new URL(options.issuer);
    this.#clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
  }

  /** Discovery at first use (the server starts without the provider), again after a failure. */
  #config(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      // http: only for a local provider double (tests); Google's issuer is https.
      const insecure = this.#issuer.protocol === 'http:';
      this.#configuration = oidc
        .discovery(this.#issuer, this.#clientId, { client_secret: this.#clientSecret }, oidc.ClientSecretPost(this.#clientSecret), {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        })
        .then((configuration) => {
          // Verify the ID token's JWS signature with the provider's JWKS too, not only its claims.
          oidc.enableNonRepudiationChecks(configuration);
          return configuration;
        });
      this.#configuration.catch(() => {
        this.#configuration = null;
      });
    }
    return this.#configuration;
  }

  async authorizationUrl(request: GoogleAuthorizationRequest): Promise<URL> {
    const configuration = await this.#config();
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
  }

  async exchange(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<GoogleClaims> {
    const configuration = await this.#config();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      throw new GoogleSignInError('The provider refused the sign-in or its answer did not verify', { cause: err });
    }
    if (!claims || typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) {
      throw new GoogleSignInError('The ID token names no account');
    }
    const email = typeof claims.email === 'string' && claims.email.length <= 254 ? claims.email.toLowerCase() : null;
    return { sub: claims.sub, email, emailVerified: email !== null && claims.email_verified === true };
  }
}

export function newPkceVerifier(): string {
  return oidc.randomPKCECodeVerifier();
}
