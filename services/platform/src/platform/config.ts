import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, urlVariable as url } from '../config/index.ts';

/**
 * The environment variables the platform itself reads, in every process
 * (adapters, listening, logging, the shared JWT secret, the public origin).
 * Unset adapter URLs mean the embedded adapter. A variable only one service or
 * the gateway reads lives in that part's own config.ts. These schemas are the
 * documentation: .env.example is generated from them and loadConfig names the
 * variable when a value is bad.
 */
export const platformConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'TCP port this process listens on' }),
  HOST: Type.String({
    minLength: 1,
    default: '0.0.0.0',
    description:
      'interface to bind. The default 0.0.0.0 listens on every interface, which a container needs; on a shared or public host without a firewall in front, set 127.0.0.1 (local only) and put a reverse proxy before it',
  }),
  DATA_DIR: Type.String({
    minLength: 1,
    default: './data',
    description: 'folder for embedded adapters (store, jobs, search, files, outbox) and generated secrets',
  }),
  LOG_LEVEL: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    {
      default: 'info',
      description: 'pino log level: fatal, error, warn, info, debug, trace or silent',
    },
  ),
  LOG_FORMAT: Type.Union([Type.Literal('auto'), Type.Literal('pretty'), Type.Literal('json')], {
    default: 'auto',
    description:
      'log lines: pretty (readable, for a terminal), json (one object per line, for log collectors) or auto (pretty when stdout is a terminal, else json)',
  }),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://\\S+$',
      description: 'origin users reach the product at, for links in mails (default http://localhost:PORT)',
    }),
  ),
  SHUTDOWN_UNREADY_MS: Type.Integer({
    minimum: 0,
    maximum: 60_000,
    default: 0,
    description:
      'on SIGTERM: how long the process keeps accepting and serving while /readyz already answers 503, before it stops accepting, in ms (for a load balancer that polls /readyz; Kubernetes removes the pod during its preStop sleep, so 0 there)',
  }),
  SHUTDOWN_GRACE_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: 20_000,
    description:
      'on SIGTERM: how long in-flight requests, consumer batches and running jobs get to finish before the process exits anyway, in ms (keep it below Kubernetes terminationGracePeriodSeconds minus the preStop sleep)',
  }),
  REPLICAS: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 1,
    description:
      'how many replicas of this process run (set it with the replica count): above 1 the embedded store is refused, replicas need STORE_URL',
  }),
  BUS_URL: url(
    'redis|rediss|kafka',
    'event bus: redis://host:6379 = Redis Streams, kafka://h1:9092,h2:9092 = Kafka (kafka://user:password@h1:9092?sasl=scram-sha-512&tls=true for SASL; SCRAM-SHA-512 is the default mechanism); unset = in-process, persisted in the store under DATA_DIR',
  ),
  BUS_LEASE_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 10_000,
    description:
      'Redis Streams bus: how long a member that stopped answering (crash, kill -9) keeps its shards before another member takes over and redelivers their unacknowledged events, in ms',
  }),
  STORE_URL: url(
    'mongodb|mongodb\\+srv',
    'document store: mongodb://... (replica set); unset = embedded store under DATA_DIR',
  ),
  JOBS_URL: url('redis|rediss', 'jobs: redis://... = BullMQ; unset = in-process scheduler persisted in the store'),
  CACHE_URL: url('redis|rediss', 'cache, rate-limit counters, presence: redis://...; unset = in-memory'),
  SEARCH_URL: url(
    'https?',
    'search: http(s)://elasticsearch:9200; unset = in-process Japanese-aware index under DATA_DIR',
  ),
  FILES_URL: url(
    's3',
    'files: s3://[accessKey:secret@]bucket?endpoint=http://minio:9000&region=us-east-1 (no keys = the SDK default credentials); unset = DATA_DIR/files',
  ),
  FILES_PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'base URL browsers fetch files from (a CDN); default /files on the gateway',
    }),
  ),
  MAIL_URL: url('smtps?', 'mail: smtp://user:pass@host:587; unset = outbox readable in the admin console'),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'TALK WITH <no-reply@talkwith.local>',
    description: 'sender address of every mail',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9._~+/=-]{16,256}$',
      description:
        'bearer token Prometheus sends to GET /metrics of this process (≥16 characters: letters, digits, ._~+/=-); unset = /metrics answers 404 (metrics off)',
    }),
  ),
  JWT_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'HMAC secret for access tokens (≥32 chars); the gateway and every service share it. Standalone generates one under DATA_DIR when unset',
    }),
  ),
  // Checked by the services that keep credentials (platform/secrets), which answer SPEC §5's Japanese errors.
  CREDENTIALS_KEY: Type.Optional(
    Type.String({
      description:
        "AES-256-GCM key sealing stored credentials (a character's SPJ key and google_key): 32 bytes as 64 hex digits, e.g. `openssl rand -hex 32`; catalog and dialogue share it. Standalone generates one under DATA_DIR when unset; distributed mode requires it",
    }),
  ),
  CREDENTIALS_IV: Type.Optional(
    Type.String({
      description:
        "16 bytes as 32 hex digits (`openssl rand -hex 16`), mixed into each sealed value's nonce; set together with CREDENTIALS_KEY",
    }),
  ),
});

export type PlatformConfig = Static<typeof platformConfigSchema>;

/** Reads and validates the platform configuration; throws ConfigError naming each bad variable. */
export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return loadConfig(platformConfigSchema, env);
}
