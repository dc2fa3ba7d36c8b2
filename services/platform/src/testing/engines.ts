import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer } from './index.ts';
import { startLocalS3 } from '../files/s3-test-server.ts';

/**
 * The one place that decides which real engine a contract suite runs on:
 * 1. the URL in the suite's environment variable (MONGO_URL, KAFKA_URL, ...);
 * 2. else a throw-away container started with testcontainers, when a Docker
 *    (or compatible: Podman, Colima, Rancher Desktop) socket is present;
 * 3. else Redis and S3 fall back to their local stand-ins (redis-server,
 *    s3rver) and MongoDB, Kafka and Elasticsearch are skipped, loudly.
 * testcontainers is imported only when a socket exists, so machines without
 * Docker (CI here) do not pay its start-up.
 */
export type EngineName = 'mongo' | 'kafka' | 'elasticsearch' | 'redis' | 's3';

export const ENGINE_ENV: Record<EngineName, string> = {
  mongo: 'MONGO_URL',
  kafka: 'KAFKA_URL',
  elasticsearch: 'ELASTICSEARCH_URL',
  redis: 'REDIS_URL',
  s3: 'S3_URL',
};

/** Pinned like the production manifests (docker-compose.yml, deploy/k8s), so the suites test what ships. */
export const ENGINE_IMAGES: Record<EngineName, string> = {
  mongo: 'mongo:8.0',
  kafka: 'confluentinc/cp-kafka:7.9.0',
  elasticsearch: 'docker.elastic.co/elasticsearch/elasticsearch:9.1.5',
  redis: 'redis:7.4-alpine',
  s3: 'minio/minio:RELEASE.2025-09-07T16-13-09Z',
};

export type EngineSource =
  { kind: 'env'; url: string } | { kind: 'container' } | { kind: 'local' } | { kind: 'none'; reason: string };

export interface RealEngine {
  /** The URL the platform config takes for this engine (STORE_URL, BUS_URL, SEARCH_URL, CACHE_URL, FILES_URL form). */
  url: string;
  kind: Exclude<EngineSource['kind'], 'none'>;
  stop(): Promise<void>;
}

/** Sockets testcontainers' own strategies look at; a cheap check before importing it. */
export function containerSocketCandidates(env: NodeJS.ProcessEnv = process.env, home = homedir()): string[] {
  const runtimeDir = env.XDG_RUNTIME_DIR ?? `/run/user/${process.getuid?.() ?? 0}`;
  return [
    '/var/run/docker.sock',
    join(home, '.docker/run/docker.sock'),
    join(home, '.docker/desktop/docker.sock'),
    join(runtimeDir, 'docker.sock'),
    join(runtimeDir, 'podman/podman.sock'),
    join(home, '.colima/default/docker.sock'),
    join(home, '.rd/docker.sock'),
  ];
}

let runtime: Promise<string | null> | undefined;

/** null when a container runtime answers, else why not (cached per process). */
export function containerRuntimeMissing(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  runtime ??= (async () => {
    const configured = Boolean(env.DOCKER_HOST) || existsSync(join(homedir(), '.testcontainers.properties'));
    if (!configured && !containerSocketCandidates(env).some((path) => existsSync(path))) {
      return 'no Docker (or compatible) socket: DOCKER_HOST unset and no socket at /var/run/docker.sock, ~/.docker/run, Podman or Colima paths';
    }
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      await getContainerRuntimeClient();
      return null;
    } catch (err) {
      return `a container socket exists but testcontainers cannot use it: ${(err as Error).message}`;
    }
  })();
  return runtime;
}

/** Where `engine` comes from in this process; 'none' means the suite must skip (with the reason). */
export async function engineSource(
  engine: EngineName,
  env: NodeJS.ProcessEnv = process.env,
  runtimeMissing: () => Promise<string | null> = () => containerRuntimeMissing(env),
): Promise<EngineSource> {
  const url = env[ENGINE_ENV[engine]];
  if (url) return { kind: 'env', url };
  const missing = await runtimeMissing();
  if (!missing) return { kind: 'container' };
  if (engine === 'redis' || engine === 's3') return { kind: 'local' };
  return {
    kind: 'none',
    reason: `skipped: ${engine} contract suite — ${missing}; set ${ENGINE_ENV[engine]} or provide Docker to run it`,
  };
}

/** Starts (or points at) the engine the source names; always call stop() in afterAll. */
export async function startEngine(engine: EngineName, source: EngineSource): Promise<RealEngine> {
  if (source.kind === 'none') throw new Error(source.reason);
  if (source.kind === 'env') return { url: source.url, kind: 'env', stop: async () => undefined };
  if (source.kind === 'local') return startLocal(engine);
  return startContainer(engine);
}

async function startLocal(engine: EngineName): Promise<RealEngine> {
  if (engine === 'redis') {
    const redis = await startRedisServer();
    return { url: redis.url, kind: 'local', stop: () => redis.stop() };
  }
  if (engine !== 's3') throw new Error(`${engine} has no local stand-in`);
  const s3 = await startLocalS3();
  const { bucket, endpoint, accessKeyId, secretAccessKey } = s3.options;
  return {
    url: s3Url(bucket, endpoint ?? '', accessKeyId ?? '', secretAccessKey ?? ''),
    kind: 'local',
    stop: () => s3.stop(),
  };
}

function s3Url(bucket: string, endpoint: string, accessKeyId: string, secret: string): string {
  return `s3://${encodeURIComponent(accessKeyId)}:${encodeURIComponent(secret)}@${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;
}

async function startContainer(engine: EngineName): Promise<RealEngine> {
  const image = ENGINE_IMAGES[engine];
  switch (engine) {
    case 'mongo': {
      // MongoDBContainer initiates a one-member replica set: transactions and change streams need one.
      const { MongoDBContainer } = await import('@testcontainers/mongodb');
      const c = await new MongoDBContainer(image).start();
      return {
        url: `${c.getConnectionString()}/?directConnection=true`,
        kind: 'container',
        stop: async () => void (await c.stop()),
      };
    }
    case 'kafka': {
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const c = await new KafkaContainer(image).withKraft().start();
      return {
        url: `kafka://${c.getHost()}:${c.getMappedPort(9093)}`,
        kind: 'container',
        stop: async () => void (await c.stop()),
      };
    }
    case 'elasticsearch': {
      const { ElasticsearchContainer } = await import('@testcontainers/elasticsearch');
      const c = await new ElasticsearchContainer(image).withEnvironment({ ES_JAVA_OPTS: '-Xms512m -Xmx512m' }).start();
      const url = new URL(c.getHttpUrl());
      url.username = c.getUsername();
      url.password = c.getPassword();
      return { url: url.href.replace(/\/$/, ''), kind: 'container', stop: async () => void (await c.stop()) };
    }
    case 'redis': {
      const { RedisContainer } = await import('@testcontainers/redis');
      const c = await new RedisContainer(image).start();
      return { url: c.getConnectionUrl(), kind: 'container', stop: async () => void (await c.stop()) };
    }
    case 's3':
      return startMinio(image);
  }
}

async function startMinio(image: string): Promise<RealEngine> {
  const { MinioContainer } = await import('@testcontainers/minio');
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const c = await new MinioContainer(image).start();
  const credentials = { accessKeyId: c.getUsername(), secretAccessKey: c.getPassword() };
  const client = new S3Client({
    endpoint: c.getConnectionUrl(),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  });
  await client.send(new CreateBucketCommand({ Bucket: 'talkwith-test' }));
  client.destroy();
  return {
    url: s3Url('talkwith-test', c.getConnectionUrl(), credentials.accessKeyId, credentials.secretAccessKey),
    kind: 'container',
    stop: async () => void (await c.stop()),
  };
}

/** One line for the whole run (vitest globalSetup): which engines the contract suites use, and why. */
export async function engineSummary(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const names: EngineName[] = ['mongo', 'kafka', 'elasticsearch', 'redis', 's3'];
  const sources = await Promise.all(names.map(async (name) => [name, await engineSource(name, env)] as const));
  const parts = sources.map(
    ([name, s]) =>
      `${name}: ${s.kind === 'env' ? ENGINE_ENV[name] : s.kind === 'container' ? 'testcontainers' : s.kind === 'local' ? 'local stand-in' : 'SKIPPED'}`,
  );
  const missing = await containerRuntimeMissing(env);
  return `engine contract suites — ${parts.join(', ')}${missing ? ` (${missing})` : ''}`;
}
