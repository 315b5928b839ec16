import type { Configuration } from 'openid-client';
import type { OidcProviderConfig } from '../config';

const LABELS: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  microsoft: 'Microsoft',
  apple: 'Apple',
  gitlab: 'GitLab',
};

/** The button text of a provider: a known brand, else its name capitalised. */
export function providerLabel(name: string): string {
  return LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * One discovered configuration per provider, fetched on first use and kept; a failed discovery
 * is forgotten so that the next sign-in tries again.
 */
export function createOidcClients(providers: OidcProviderConfig[]) {
  const cache = new Map<string, Promise<Configuration>>();

  async function discover(provider: OidcProviderConfig): Promise<Configuration> {
    // Loaded on the first external sign-in: without OIDC providers it is never needed.
    const client = await import('openid-client');
    const issuer = new URL(provider.issuer);
    const auth = provider.clientSecret ? client.ClientSecretPost(provider.clientSecret) : client.None();
    // Plain http is allowed only for an http issuer (a local test server), never as a downgrade.
    const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    return client.discovery(issuer, provider.clientId, undefined, auth, { execute, timeout: 10 });
  }

  return {
    find: (name: string) => providers.find((p) => p.name === name),

    configuration(provider: OidcProviderConfig): Promise<Configuration> {
      let pending = cache.get(provider.name);
      if (!pending) {
        pending = discover(provider);
        cache.set(provider.name, pending);
        pending.catch(() => cache.delete(provider.name));
      }
      return pending;
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;
