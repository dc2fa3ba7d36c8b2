import { Type, type Static, type TObject } from '@sinclair/typebox';
import { loadConfig, urlVariable } from '@talkwith/platform';
import { checkOwnConfig, platformConfigSchema } from '@talkwith/platform/platform';
import { services } from './services.ts';

/** The environment variables only the gateway reads: the edge (admin prefix, proxies), the web client's settings, and where the services are. */
export const GatewayConfig = Type.Object({
  ADMIN_PATH_PREFIX: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      description:
        'secret path segment: admin routes are reached at /api/<prefix>/... only. Standalone generates one under DATA_DIR when unset',
    }),
  ),
  TRUST_PROXY_HOPS: Type.Integer({
    minimum: 0,
    maximum: 10,
    default: 0,
    description:
      'reverse proxies in front of the gateway whose X-Forwarded-For is believed (0 = none: the socket address is the client; 1 behind one ingress/load balancer)',
  }),
  API_RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 600,
    description:
      'HTTP requests per minute per client address (media under /files and health probes are exempt; WebSocket upgrades count)',
  }),
  SOCKET_FRAMES_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 600,
    description:
      'WebSocket frames per minute per client address, every frame counted before it is read (over all its connections and gateway replicas; anonymous pre-login log lines get a twentieth)',
  }),
  SOCKET_CONNECTION_FRAMES_PER_SECOND: Type.Number({
    exclusiveMinimum: 0,
    default: 2,
    description: "WebSocket frames per second one connection may sustain (token bucket; bursts of 15 seconds' worth)",
  }),
  SOCKET_MAX_OPEN: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        "WebSocket connections one gateway process keeps open; past it new ones are refused 503 before file descriptors run out. Unset: three quarters of the process's open-file limit (768 when it cannot be read)",
    }),
  ),
  SOCKET_ANONYMOUS_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 20,
    description:
      'open WebSocket connections per client address that have not joined a room (signed in); more are refused 429',
  }),
  SOCKET_UNJOINED_IDLE_SECONDS: Type.Integer({
    minimum: 1,
    default: 10,
    description: 'a WebSocket that has not joined a room is closed after this many seconds without a frame',
  }),
  SOCKET_JOINED_IDLE_SECONDS: Type.Integer({
    minimum: 1,
    default: 300,
    description:
      'a joined WebSocket is closed after this many seconds without a frame (the web client reconnects and joins again)',
  }),
  ANALYTICS_ID: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9-]{1,40}$',
      description: 'analytics measurement id; the web client loads the analytics script only when set',
    }),
  ),
  PAYMENT_TOKEN_URL: urlVariable(
    'https',
    "the card provider's token API the browser posts card numbers to (billing's VERITRANS_TOKEN_URL when PAYMENT_PROVIDER=veritrans); its origin joins the web client's connect-src. Unset with the sandbox, which is served on this origin",
  ),
  DEVTOOLS_BLOCK_HOST: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9.-]{1,253}$',
      description: 'the one host name on which the web client blocks developer-tools shortcuts and the context menu',
    }),
  ),
  IDENTITY_URL: urlVariable('https?', 'distributed gateway: base URL of the identity service'),
  CATALOG_URL: urlVariable('https?', 'distributed gateway: base URL of the catalog service'),
  DIALOGUE_URL: urlVariable('https?', 'distributed gateway: base URL of the dialogue service'),
  BILLING_URL: urlVariable('https?', 'distributed gateway: base URL of the billing service'),
  ENGAGEMENT_URL: urlVariable('https?', 'distributed gateway: base URL of the engagement service'),
  LOGGING_URL: urlVariable('https?', 'distributed gateway: base URL of the logging service'),
});
export type GatewayConfig = Static<typeof GatewayConfig>;

/** Reads and validates the gateway's variables; throws ConfigError naming each bad one. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(GatewayConfig, env);
}

/** Standalone runs every part in one process: each part's variables are checked before any adapter connects. */
export function checkStandaloneConfig(env: NodeJS.ProcessEnv = process.env): void {
  loadGatewayConfig(env);
  for (const service of services) checkOwnConfig(service, env);
}

/** Every configuration schema, named after its owner: the platform's (every process), the gateway's, then each service's own. */
export function ownedConfigSchemas(): Array<{ owner: string; schema: TObject }> {
  return [
    { owner: 'platform', schema: platformConfigSchema },
    { owner: 'gateway', schema: GatewayConfig },
    ...services.flatMap((service) =>
      service.configSchema ? [{ owner: service.name, schema: service.configSchema }] : [],
    ),
  ];
}
