import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';

/**
 * The small part of OpenID Connect we need: discovery, the authorization URL
 * with PKCE (S256), the code exchange, and ID-token verification against the
 * provider's JWKS (RS256). No library: each check is spelled out and tested.
 */
export interface OidcProvider {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface IdClaims {
  iss: string;
  aud: string | string[];
  sub: string;
  exp: number;
  email?: string;
  email_verified?: boolean;
  nonce?: string;
}

export async function discover(issuer: string): Promise<OidcProvider> {
  const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!res.ok) throw new Error(`OIDC discovery failed: HTTP ${res.status}`);
  return (await res.json()) as OidcProvider;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(
  provider: OidcProvider,
  client: OidcClient,
  p: { state: string; nonce: string; challenge: string },
): string {
  const url = new URL(provider.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: 'openid email profile',
    state: p.state,
    nonce: p.nonce,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export async function exchangeCode(
  provider: OidcProvider,
  client: OidcClient,
  code: string,
  verifier: string,
): Promise<string> {
  const res = await fetch(provider.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code_verifier: verifier,
    }),
  });
  const body = (await res.json()) as { id_token?: string; error?: string };
  if (!res.ok || !body.id_token) throw new Error(`token exchange failed: ${body.error ?? res.status}`);
  return body.id_token;
}

function decodePart<T>(part: string | undefined): T {
  if (!part) throw new Error('malformed ID token');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
}

export async function verifyIdToken(
  provider: OidcProvider,
  client: OidcClient,
  idToken: string,
  nonce: string,
  now = Date.now(),
): Promise<IdClaims> {
  const [h, p, s] = idToken.split('.');
  const header = decodePart<{ alg: string; kid?: string }>(h);
  if (header.alg !== 'RS256') throw new Error(`unexpected ID token algorithm ${header.alg}`);
  const { keys } = (await (await fetch(provider.jwks_uri)).json()) as { keys: Array<JsonWebKey & { kid?: string }> };
  const jwk = keys.find((k) => k.kid === header.kid) ?? (keys.length === 1 ? keys[0] : undefined);
  if (!jwk) throw new Error('ID token signed by an unknown key');
  const valid = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(s ?? '', 'base64url'),
  );
  if (!valid) throw new Error('ID token signature invalid');
  const claims = decodePart<IdClaims>(p);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== provider.issuer) throw new Error('ID token from another issuer');
  if (!audiences.includes(client.clientId)) throw new Error('ID token for another client');
  if (claims.exp * 1000 <= now) throw new Error('ID token expired');
  if (claims.nonce !== nonce) throw new Error('ID token nonce mismatch');
  return claims;
}
