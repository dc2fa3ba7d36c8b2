import { resolve, join } from 'node:path';
import type { Logger } from 'pino';
import type { Platform, ServiceName } from '../service/index.ts';
import { createEventing } from '../eventing/index.ts';
import { createLogger } from '../logger/index.ts';
import type { PlatformConfig } from './config.ts';
import {
  openBus,
  openCache,
  openFiles,
  openJobs,
  openMail,
  openSearch,
  openStore,
  type AdapterContext,
} from './adapters.ts';

export interface PlatformOptions {
  /** The one service this process runs; unset = standalone (all services share the platform). */
  serviceName?: ServiceName | 'gateway';
  logger?: Logger;
}

/**
 * Connects every port, each to the adapter its URL names (unset = embedded,
 * with data under DATA_DIR/<serviceName or 'standalone'>).
 */
export async function createPlatform(config: PlatformConfig, options: PlatformOptions = {}): Promise<Platform> {
  const name = options.serviceName ?? 'standalone';
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT, name });
  const ctx: AdapterContext = {
    config,
    dataDir: join(resolve(config.DATA_DIR), name),
    clientId: `talkwith-${name}`,
    logger,
  };
  const store = await openStore(ctx);
  const [bus, cache, search, files] = await Promise.all([
    openBus(ctx, store),
    openCache(ctx),
    openSearch(ctx),
    openFiles(ctx),
  ]);
  const [jobs, mail] = await Promise.all([openJobs(ctx, store), openMail(ctx, store)]);
  const events = createEventing({ bus, store, logger });
  return { logger, store, bus, events, jobs, cache, search, files, mail };
}

/**
 * Closes every adapter, consumers first (the bus and jobs stop taking work and
 * let running handlers finish), the store last (they may still write to it).
 */
export async function closePlatform(platform: Platform): Promise<void> {
  // The outbox relay stops first: whatever it has not handed over stays stored for the next start.
  const results = await Promise.allSettled([platform.events.close()]);
  results.push(...(await Promise.allSettled([platform.jobs.close(), platform.bus.close()])));
  results.push(
    ...(await Promise.allSettled([
      platform.cache.close(),
      platform.search.close(),
      platform.files.close(),
      platform.mail.close(),
    ])),
  );
  results.push(...(await Promise.allSettled([platform.store.close()])));
  for (const r of results)
    if (r.status === 'rejected') platform.logger.warn({ err: r.reason }, 'adapter did not close cleanly');
}
