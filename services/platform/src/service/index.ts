import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@talkwith/proto';
import type { PlatformConfig } from '../platform/config.ts';
import type { Cache, DocumentStore, EventBus, FileStore, JobQueue, Mailer, SearchIndex } from '../ports/index.ts';

export type ServiceName = 'identity' | 'catalog' | 'dialogue' | 'billing' | 'engagement' | 'logging';

/** Validated, idempotent eventing on top of the bus port (see ../eventing). */
export interface Eventing {
  /**
   * Validates `data` against the event catalogue, stores the envelope in the
   * outbox and hands it to the bus; returns it. Resolves once it is durably
   * stored, even when the bus is down (the outbox relay sends it later).
   */
  publish<T>(type: string, key: string, data: T): Promise<EventEnvelope<T>>;
  /**
   * Consumes `types` as consumer group `group`. Invalid events are logged and
   * parked; an event id already handled by this group is skipped.
   */
  consume(group: string, types: string[], handler: (event: EventEnvelope) => Promise<void>): Promise<{ close(): Promise<void> }>;
  /** Stops the outbox relay (closePlatform calls it before the bus and store close); later publishes are only stored. */
  close(): Promise<void>;
}

/**
 * What a service is handed: every port, already connected, plus logging and
 * eventing. Built once per process by createPlatform(); in standalone mode all
 * six services share one.
 */
export interface Platform {
  logger: Logger;
  store: DocumentStore;
  bus: EventBus;
  events: Eventing;
  jobs: JobQueue;
  cache: Cache;
  search: SearchIndex;
  files: FileStore;
  mail: Mailer;
}

export interface ServiceOptions {
  platform: Platform;
  /** The validated configuration; JWT_SECRET is always set by the time a service is mounted. */
  config: PlatformConfig;
}

/**
 * A service: a Fastify plugin plus what the gateway needs to route to it.
 * The plugin registers its routes (with full /api/... paths and schemas),
 * subscribes its consumers in an onReady hook and closes them in onClose.
 */
export interface ServiceModule {
  name: ServiceName;
  /** URL prefixes the service owns; the gateway proxies these in distributed mode. */
  prefixes: string[];
  plugin: FastifyPluginAsync<ServiceOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export type { FastifyInstance };
