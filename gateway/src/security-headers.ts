import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers, computed once at start-up and set with one call per
 * response (issue 9, item 13). Every answer gets the lean OWASP REST set
 * (JSON is most of them and must stay cheap); the web client's HTML gets the
 * full browser set on top: a strict Content-Security-Policy, Permissions-Policy
 * and what helmet sent, without a per-request hook of helmet's own.
 */
export interface SecurityHeaderOptions {
  /** The public origin (PUBLIC_URL): https turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string | undefined;
  /** FILES_PUBLIC_BASE_URL: a CDN origin the player loads media (and subtitles) from. */
  filesPublicBaseUrl?: string | undefined;
  /** PAYMENT_TOKEN_URL: the card provider's token API, which the card form posts to from the browser. */
  paymentTokenUrl?: string | undefined;
  /** ANALYTICS_ID set: the web client loads the Google tag, which needs its hosts. */
  analytics?: boolean;
}

export type HeaderSet = Readonly<Record<string, string>>;

const HSTS = 'max-age=31536000; includeSubDomains';

/** Google tag (gtag.js) hosts, as Google documents them for a CSP. */
const ANALYTICS_SCRIPT = ['https://*.googletagmanager.com'];
const ANALYTICS_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const ANALYTICS_IMG = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/** The origin of an absolute http(s) URL; undefined for a relative one (/files on this origin). */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const isHttps = (publicUrl: string | undefined): boolean => publicUrl?.startsWith('https://') ?? false;

/**
 * Headers for every response (JSON above all): no sniffing, no caching (a
 * route that may be cached, such as a file or an asset, sets its own
 * Cache-Control), nothing to render or frame, no referrer, same-origin reads.
 */
export function apiHeaders(options: SecurityHeaderOptions = {}): HeaderSet {
  return Object.freeze({
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(isHttps(options.publicUrl) ? { 'strict-transport-security': HSTS } : {}),
  });
}

/**
 * The web client's policy. The built index.html has no inline script or style
 * (Vite emits module scripts and stylesheets under /assets; React's style props
 * go through the CSSOM, which style-src does not govern), so 'self' suffices
 * without nonces or hashes. connect-src 'self' covers the same-origin WebSocket
 * (/api/socketio/new) in CSP Level 3 browsers.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const files = originOf(options.filesPublicBaseUrl);
  const extra = (...sources: Array<string | undefined>) => sources.filter((s): s is string => Boolean(s));
  const analytics = options.analytics === true;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(analytics ? ANALYTICS_SCRIPT : [])]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...extra(files), ...(analytics ? ANALYTICS_IMG : [])]],
    ['media-src', ["'self'", 'blob:', ...extra(files)]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", ...extra(files, originOf(options.paymentTokenUrl)), ...(analytics ? ANALYTICS_CONNECT : [])],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (isHttps(options.publicUrl)) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Powerful features: the microphone (speech input) and payment (billing) for this origin only; the rest for nobody. */
export const PERMISSIONS_POLICY =
  'microphone=(self), payment=(self), camera=(), geolocation=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()';

/**
 * Headers for the web client's HTML: the lean set, overridden where HTML needs
 * more, plus helmet's defaults (same values, with framing denied outright) and
 * a Cache-Control that makes the browser revalidate index.html on every load,
 * so a deploy is picked up at once (the hashed assets it names stay cached).
 */
export function htmlHeaders(options: SecurityHeaderOptions = {}): HeaderSet {
  return Object.freeze({
    ...apiHeaders(options),
    'cache-control': 'no-cache',
    'content-security-policy': contentSecurityPolicy(options),
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

export interface SecurityHeaders {
  api: HeaderSet;
  html: HeaderSet;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The precomputed header sets; the web client's routes apply `html` to what they send. */
    securityHeaders: SecurityHeaders;
  }
}

/** One synchronous onRequest hook setting the lean set; `app.securityHeaders.html` for the HTML routes. */
async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const sets: SecurityHeaders = { api: apiHeaders(options), html: htmlHeaders(options) };
  app.decorate('securityHeaders', sets);
  const api = sets.api;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(api);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'talkwith-security-headers' });
