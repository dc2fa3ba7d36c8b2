import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenID provider for tests: discovery, an authorize endpoint that
 * approves at once, a token endpoint that checks the PKCE verifier, and JWKS.
 * `tamper` lets a test make it misbehave the ways a hostile provider could.
 */
export interface FakeProvider {
  issuer: string;
  email: string;
  tamper: { wrongNonce?: boolean; wrongAudience?: boolean; badSignature?: boolean; unverifiedEmail?: boolean };
  close(): Promise<void>;
}

export async function startFakeProvider(clientId: string): Promise<FakeProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, { challenge: string; nonce: string }>();
  const state: FakeProvider = { issuer: '', email: 'google-user@example.jp', tamper: {}, close: async () => {} };

  const idToken = (nonce: string) => {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'k1', typ: 'JWT' })).toString('base64url');
    const claims = {
      iss: state.issuer,
      aud: state.tamper.wrongAudience ? 'someone-else' : clientId,
      sub: 'g-123',
      email: state.email,
      email_verified: !state.tamper.unverifiedEmail,
      nonce: state.tamper.wrongNonce ? 'other' : nonce,
      exp: Math.floor(Date.now() / 1000) + 300,
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey);
    if (state.tamper.badSignature) signature[0] = (signature[0] ?? 0) ^ 0xff;
    return `${header}.${payload}.${signature.toString('base64url')}`;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', state.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
      });
    }
    if (url.pathname === '/jwks')
      return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] });
    if (url.pathname === '/authorize') {
      const code = `code-${codes.size + 1}`;
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        nonce: url.searchParams.get('nonce') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const pending = codes.get(form.get('code') ?? '');
      const verifierOk =
        pending &&
        createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url') === pending.challenge;
      if (!pending || !verifierOk) return json(400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      return json(200, { id_token: idToken(pending.nonce), token_type: 'Bearer', access_token: 'x' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
