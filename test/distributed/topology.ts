import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startRedisServer, type RunningRedis } from '@talkwith/platform/testing';
import { startNode, waitForHttp, type NodeProcess } from '../../scripts/bench/processes.ts';

/**
 * The distributed topology on one machine: a real redis-server, the six
 * services and the gateway as separate Node processes on Redis (Streams bus,
 * BullMQ, cache), each service with its own embedded store in its own temp
 * DATA_DIR. Random ports, loopback only.
 */

/** Generous: seven Node processes start at once, and CI machines may be busy. */
const STARTUP_MS = 90_000;

export const SERVICE_NAMES = ['identity', 'catalog', 'dialogue', 'billing', 'engagement', 'logging'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

interface ServiceSlot {
  port: number;
  dataDir: string;
  process: NodeProcess | null;
}

export interface Topology {
  readonly redis: RunningRedis;
  jwtSecret: string;
  gatewayUrl: string;
  serviceUrl(name: ServiceName): string;
  dataDir(name: ServiceName): string;
  /** Starts (or restarts) a service on its port and data dir; resolves when /readyz answers. */
  startService(name: ServiceName): Promise<void>;
  killService(name: ServiceName, signal: NodeJS.Signals): Promise<void>;
  /** Signals the gateway (sent at once); resolves when it exited. */
  stopGateway(signal: NodeJS.Signals): Promise<void>;
  /** Stops redis-server (an outage: every process keeps running). */
  stopRedis(): Promise<void>;
  /** Starts an empty redis-server on the same port (nothing persists, as with `--save ''`); `redis` is then the new one. */
  startRedis(): Promise<void>;
  /** Stops redis-server and starts an empty one on the same port (a restart without persistence); the processes keep running. */
  restartRedis(): Promise<void>;
  /** Stops every process, redis and removes the data dirs; safe to call twice. */
  close(): Promise<void>;
}

function commonEnv(redisUrl: string, jwtSecret: string, publicUrl: string): NodeJS.ProcessEnv {
  return {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Seven processes load the same modules; the cache makes every start after the first cheaper.
    NODE_COMPILE_CACHE: join(tmpdir(), 'talkwith-node-compile-cache'),
    BUS_URL: redisUrl,
    JOBS_URL: redisUrl,
    CACHE_URL: redisUrl,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: publicUrl,
    ADMIN_PATH_PREFIX: `adm${randomBytes(8).toString('hex')}`,
    // Catalog seals the characters' keys and dialogue opens them: one pair for every process.
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    CREDENTIALS_IV: randomBytes(16).toString('hex'),
  };
}

/** An HS256 access token with the admin role, as identity would sign it. */
export function adminToken(secret: string, sub = 'distributed-test-admin'): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, roles: ['admin'], iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Extra environment for one process (a service by name, or the gateway), on top of the common one. */
export interface TopologyOptions {
  env?: Partial<Record<ServiceName | 'gateway', NodeJS.ProcessEnv>>;
  /**
   * The services started before the gateway (default all). The others are
   * left for the test to start later with startService (start-order tests);
   * the gateway is then awaited on its liveness, not on every service's readiness.
   */
  initial?: readonly ServiceName[];
  /** The full engines instead of Redis for the bus and the embedded stores (engines-crash.test.ts); jobs and cache stay on Redis. */
  engines?: TopologyEngines;
}

/** Where the full engines are: Kafka for the bus, MongoDB for every store (a database per process), Elasticsearch for search. */
export interface TopologyEngines {
  busUrl: string;
  storeUrl(name: ServiceName | 'gateway'): string;
  searchUrl: string;
}

/** The variables that move a process from Redis and the embedded store onto the full engines. */
function engineEnv(engines: TopologyEngines | undefined, name: ServiceName | 'gateway'): NodeJS.ProcessEnv {
  if (!engines) return {};
  return { BUS_URL: engines.busUrl, STORE_URL: engines.storeUrl(name), SEARCH_URL: engines.searchUrl };
}

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  let redis = await startRedisServer();
  const redisPort = redis.port;
  let redisRunning = true;
  const root = await mkdtemp(join(tmpdir(), 'talkwith-distributed-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const gatewayPort = await freePort();
  const env = commonEnv(redis.url, jwtSecret, `http://127.0.0.1:${gatewayPort}`);
  const slots = new Map<ServiceName, ServiceSlot>();
  for (const name of SERVICE_NAMES)
    slots.set(name, { port: await freePort(), dataDir: join(root, name), process: null });
  let gateway: NodeProcess | null = null;
  const slot = (name: ServiceName) => slots.get(name) as ServiceSlot;
  const serviceUrl = (name: ServiceName) => `http://127.0.0.1:${slot(name).port}`;

  async function startService(name: ServiceName): Promise<void> {
    const { port, dataDir } = slot(name);
    const child = startNode(`services/${name}/src/server.ts`, {
      env: {
        ...env,
        ...engineEnv(options.engines, name),
        ...options.env?.[name],
        PORT: String(port),
        DATA_DIR: dataDir,
      },
    });
    slot(name).process = child;
    await waitForHttp(`${serviceUrl(name)}/readyz`, child, STARTUP_MS);
  }

  async function close(): Promise<void> {
    const running = [gateway, ...[...slots.values()].map((s) => s.process)].filter((p): p is NodeProcess => p !== null);
    await Promise.allSettled(running.map((p) => p.stop('SIGTERM', 5000)));
    gateway = null;
    for (const s of slots.values()) s.process = null;
    if (redisRunning) await redis.stop();
    redisRunning = false;
    await rm(root, { recursive: true, force: true });
  }

  async function stopRedis(): Promise<void> {
    redisRunning = false;
    await redis.stop();
  }

  async function startRedis(): Promise<void> {
    redis = await startRedisServer({ port: redisPort });
    redisRunning = true;
  }

  try {
    const initial = options.initial ?? SERVICE_NAMES;
    await Promise.all(initial.map(startService));
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, serviceUrl(name)]));
    gateway = startNode('gateway/src/server.ts', {
      env: {
        ...env,
        ...engineEnv(options.engines, 'gateway'),
        ...upstreams,
        SOCKET_FRAMES_PER_MINUTE: '100000',
        SOCKET_CONNECTION_FRAMES_PER_SECOND: '1000',
        ...options.env?.gateway,
        PORT: String(gatewayPort),
        DATA_DIR: join(root, 'gateway'),
      },
    });
    const probe = initial.length === SERVICE_NAMES.length ? '/readyz' : '/healthz';
    await waitForHttp(`http://127.0.0.1:${gatewayPort}${probe}`, gateway, STARTUP_MS);
  } catch (err) {
    await close();
    throw err;
  }

  return {
    get redis() {
      return redis;
    },
    jwtSecret,
    serviceUrl,
    startService,
    close,
    async restartRedis() {
      await stopRedis();
      await startRedis();
    },
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    dataDir: (name) => slot(name).dataDir,
    async killService(name, signal) {
      await slot(name).process?.stop(signal);
      slot(name).process = null;
    },
    async stopGateway(signal) {
      const running = gateway;
      gateway = null;
      await running?.stop(signal);
    },
    stopRedis,
    startRedis,
  };
}
