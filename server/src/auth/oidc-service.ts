import type { IDToken } from 'openid-client';
import { API_BASE } from '../../../src/contract/envelope';
import { EMAIL_PATTERN } from '../../../src/contract/auth';
import type { Config } from '../config';
import { foundOr404 } from '../http/errors';
import type { ExternalAccounts, ExternalProfile } from './external-accounts';
import type { IdentitiesRepository } from './identities-repository';
import type { OidcClients } from './oidc-client';
import { ExternalSignInFailure } from './oidc-errors';
import { isoIn } from './secrets';
import type { SessionService } from './session-service';

// Loaded on the first external sign-in: without OIDC providers it is never needed.
const openidClient = () => import('openid-client');

/** How long a started sign-in may take at the provider. */
export const LOGIN_STATE_TTL_SECONDS = 10 * 60;

export interface OidcDeps {
  config: Config;
  clients: OidcClients;
  identities: IdentitiesRepository;
  accounts: ExternalAccounts;
  sessions: SessionService;
}

export function createOidcService({ config, clients, identities, accounts, sessions }: OidcDeps) {
  const callbackUrl = (name: string) => `${config.publicUrl}${API_BASE}/auth/${name}/callback`;

  function providerOr404(name: string) {
    return foundOr404(clients.find(name), `Sign-in provider "${name}"`);
  }

  async function configurationOf(name: string) {
    try {
      return await clients.configuration(providerOr404(name));
    } catch (error) {
      throw new ExternalSignInFailure('PROVIDER_UNAVAILABLE', error);
    }
  }

  return {
    /** Throws 404 for an unconfigured provider (checked before any network call). */
    assertConfigured: (name: string) => void providerOr404(name),

    /** Authorization Code + PKCE (S256), with state and nonce kept server-side, single use. */
    async start(name: string): Promise<string> {
      const provider = providerOr404(name);
      const configuration = await configurationOf(name);
      const client = await openidClient();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      await identities.saveLoginState({
        state,
        provider: name,
        codeVerifier,
        nonce,
        expiresAt: isoIn(LOGIN_STATE_TTL_SECONDS),
      });
      return client
        .buildAuthorizationUrl(configuration, {
          redirect_uri: callbackUrl(name),
          scope: provider.scope,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /** Validates the provider's answer and signs the member in; answers our session tokens. */
    async finish(name: string, rawQuery: string) {
      providerOr404(name);
      const query = new URLSearchParams(rawQuery);
      const state = query.get('state');
      const saved = state ? await identities.takeLoginState(state) : undefined;
      if (!state || !saved || saved.provider !== name) throw new ExternalSignInFailure('INVALID_STATE');
      if (query.get('error')) {
        throw new ExternalSignInFailure(
          query.get('error') === 'access_denied' ? 'ACCESS_DENIED' : 'SIGN_IN_FAILED',
        );
      }
      const configuration = await configurationOf(name);
      const client = await openidClient();
      let claims: IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(
          configuration,
          new URL(`${callbackUrl(name)}?${rawQuery}`),
          {
            pkceCodeVerifier: saved.codeVerifier,
            expectedState: state,
            expectedNonce: saved.nonce,
            idTokenExpected: true,
          },
        );
        claims = tokens.claims();
      } catch (error) {
        throw new ExternalSignInFailure('SIGN_IN_FAILED', error);
      }
      if (!claims) throw new ExternalSignInFailure('SIGN_IN_FAILED');
      const userId = await accounts.resolve(name, profileOf(claims));
      return sessions.start(userId);
    },
  };
}

const emailPattern = new RegExp(EMAIL_PATTERN);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function profileOf(claims: IDToken): ExternalProfile {
  const claimed = text(claims.email)?.toLowerCase();
  // An address we could not mail (or that would break a mail header) counts as none.
  const email = claimed && claimed.length <= 254 && emailPattern.test(claimed) ? claimed : undefined;
  const [first, ...rest] = (text(claims.name) ?? '').split(/\s+/);
  return {
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    preferredUsername: text(claims.preferred_username) ?? text(claims.nickname),
    firstName: text(claims.given_name) ?? first ?? '',
    lastName: text(claims.family_name) ?? rest.join(' '),
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
