import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Cache, DocumentStore, EventBus, FileStore, JobQueue, Mailer, SearchIndex } from '../ports/index.ts';
import { createEmbeddedStore, createMongoStore } from '../store/index.ts';
import { createOutboxBus, createRedisStreamsBus, createKafkaBus } from '../bus/index.ts';
import { createLocalJobs, createBullJobs } from '../jobs/index.ts';
import { createMemoryCache, createRedisCache } from '../cache/index.ts';
import { createLocalSearch, createElasticSearch } from '../search/index.ts';
import { createLocalFiles, createS3Files } from '../files/index.ts';
import { createOutboxMailer, createSmtpMailer } from '../mail/index.ts';
import { ConfigError } from '../config/index.ts';
import { AppError } from '../errors/index.ts';
import type { PlatformConfig } from './config.ts';
import { kafkaOptionsFromUrl } from './kafka-url.ts';

/**
 * One place decides which adapter serves each port, from the configured URL
 * (unset = embedded). Nothing below a port ever asks which backend it runs on.
 */
export interface AdapterContext {
  config: PlatformConfig;
  /** DATA_DIR/<service or 'standalone'>: this process's embedded data. */
  dataDir: string;
  clientId: string;
  logger: Logger;
}

/**
 * The embedded store belongs to one process. Two replicas on the same data are
 * refused by the store's own exclusive SQLite lock (released by the OS when the
 * process dies, so a kill -9 leaves nothing stale); replicas each on their own
 * disk cannot see each other, so REPLICAS > 1 (set it beside the replica count)
 * refuses the embedded store outright. Both name STORE_URL, the way out.
 */
export async function openStore({ config, dataDir }: AdapterContext): Promise<DocumentStore> {
  if (config.STORE_URL) return createMongoStore({ url: config.STORE_URL });
  const dir = join(dataDir, 'store');
  if (config.REPLICAS > 1) {
    throw new ConfigError([
      `STORE_URL: required with REPLICAS=${config.REPLICAS} (replicas on the embedded store would each keep their own data and diverge); set STORE_URL=mongodb://… or run one replica`,
    ]);
  }
  try {
    return await createEmbeddedStore({ dir });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'UNAVAILABLE')) throw err;
    throw new ConfigError([
      `STORE_URL: the embedded store ${dir} is already held by another process (a second replica on the same DATA_DIR?); replicas need a shared store: set STORE_URL=mongodb://…`,
    ]);
  }
}

/** Unset BUS_URL: the in-process bus that delivers from this process's outbox table (events survive kill -9). */
export function openBus({ config, clientId, logger }: AdapterContext, store: DocumentStore): Promise<EventBus> {
  const url = config.BUS_URL;
  if (!url)
    return createOutboxBus({
      store,
      onError: (err) => logger.error({ err }, 'embedded bus could not reach its store'),
    });
  if (url.startsWith('kafka://')) return createKafkaBus({ ...kafkaOptionsFromUrl(url), clientId });
  return createRedisStreamsBus({ url, leaseMs: config.BUS_LEASE_MS });
}

export function openJobs({ config, clientId }: AdapterContext, store: DocumentStore): Promise<JobQueue> {
  return config.JOBS_URL
    ? createBullJobs({ url: config.JOBS_URL, prefix: `talkwith:${clientId}` })
    : createLocalJobs({ store });
}

export function openCache({ config }: AdapterContext): Promise<Cache> {
  return config.CACHE_URL ? createRedisCache({ url: config.CACHE_URL }) : createMemoryCache();
}

export function openSearch({ config, dataDir }: AdapterContext): Promise<SearchIndex> {
  return config.SEARCH_URL
    ? createElasticSearch({ url: config.SEARCH_URL })
    : createLocalSearch({ dir: join(dataDir, 'search') });
}

export function openFiles({ config }: AdapterContext): Promise<FileStore> {
  const publicBaseUrl = config.FILES_PUBLIC_BASE_URL;
  if (!config.FILES_URL) {
    return createLocalFiles({
      dir: join(config.DATA_DIR, 'files'),
      publicBaseUrl: publicBaseUrl ?? '/files',
      ...(config.JWT_SECRET ? { signingSecret: config.JWT_SECRET } : {}),
    });
  }
  const u = new URL(config.FILES_URL);
  const endpoint = u.searchParams.get('endpoint');
  return createS3Files({
    bucket: u.hostname,
    region: u.searchParams.get('region') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(u.username
      ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) }
      : {}),
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  });
}

export function openMail({ config }: AdapterContext, store: DocumentStore): Promise<Mailer> {
  return config.MAIL_URL
    ? createSmtpMailer({ url: config.MAIL_URL, from: config.MAIL_FROM })
    : createOutboxMailer({ store, from: config.MAIL_FROM });
}
