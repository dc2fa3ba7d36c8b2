import type { TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { EventEnvelope, EventMap, EventOf, EventType } from '@talkwith/proto';
import type { PlatformConfig } from '../platform/config.ts';
import type {
  Cache,
  DocumentStore,
  EventBus,
  FileStore,
  JobQueue,
  Mailer,
  SearchIndex,
  Transaction,
} from '../ports/index.ts';

export type ServiceName = 'identity' | 'catalog' | 'dialogue' | 'billing' | 'engagement' | 'logging';

/** Handles one event; its store writes go through `tx`, which also records the event as handled. */
export type EventHandlerOf<K extends EventType> = (event: EventOf<K>, tx: Transaction) => Promise<void>;

/** Validated, idempotent eventing on top of the bus port (see ../eventing). */
export interface Eventing {
  /**
   * Validates `data` against the event catalogue and stores the envelope in
   * the outbox: inside `tx` when given (the event exists exactly when the
   * transaction's other writes do), else in a transaction of its own. Once
   * that commits, the event is delivered (embedded bus) or relayed to the
   * broker, even if the broker is down for a while.
   */
  publish<K extends EventType>(
    type: K,
    key: string,
    data: EventMap[K],
    tx?: Transaction,
  ): Promise<EventEnvelope<EventMap[K]>>;
  /**
   * Publishes many events of one type inside `tx`, as `publish` would one by
   * one (same order, same envelopes), but with one outbox write: for bursts
   * such as client log lines, where a write per event would cost more than
   * the events themselves. All of them or none (a bad one refuses the lot).
   */
  publishMany<K extends EventType>(
    type: K,
    items: ReadonlyArray<{ key: string; data: EventMap[K] }>,
    tx: Transaction,
  ): Promise<Array<EventEnvelope<EventMap[K]>>>;
  /**
   * Consumes `types` as consumer group `group`. Each event runs in a store
   * transaction together with the record that it was handled, so a handler's
   * store writes happen exactly once per event id; invalid events are logged
   * and parked. Keep slow work outside the store short: the transaction is
   * open while the handler runs.
   */
  consume<K extends EventType>(
    group: string,
    types: readonly K[],
    handler: EventHandlerOf<K>,
  ): Promise<{ close(): Promise<void> }>;
  /** Stops the outbox relay (closePlatform calls it before the bus and store close). */
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
  /** The validated platform-wide configuration; JWT_SECRET is always set by the time a service is mounted. */
  config: PlatformConfig;
  /** The environment the process was configured from: the service loads the variables it owns (its configSchema) from it. */
  env: NodeJS.ProcessEnv;
  /** Mounted in the standalone gateway (one process): a secret it needs may be generated under DATA_DIR instead of being required. */
  standalone?: boolean;
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
  /**
   * The environment variables only this service reads (its config.ts). The
   * process that runs it validates them at start, before connecting adapters,
   * and .env.example lists them under the service's name.
   */
  configSchema?: TObject;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export type { FastifyInstance };
