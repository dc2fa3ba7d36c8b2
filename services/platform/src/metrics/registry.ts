import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ConsumerLag } from '../ports/index.ts';
import { operationsRegistry } from './operations.ts';
import { openSockets, type SocketKind } from './sockets.ts';

/** Where the event gauges read from at each scrape (the platform's bus and outbox). */
export interface EventReaders {
  consumerLag(): Promise<ConsumerLag[]>;
  outboxBacklog(): Promise<number>;
}

/** One request as the HTTP metrics see it: labels only, never the raw URL (it may hold ids and the secret admin prefix). */
export interface RequestSample {
  service: string;
  method: string;
  /** The route pattern (/api/characters/by-slug/:slug), or 'unmatched'. */
  route: string;
  status: number;
  seconds: number;
}

export interface Metrics {
  registry: Registry;
  observeRequest(sample: RequestSample): void;
  /** The exposition text: this app's metrics, then the process's (CPU, memory, event loop, GC). */
  render(): Promise<string>;
  contentType: string;
}

// Process metrics are the process's, whatever app serves them: collected once, into a registry of their own.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Latency buckets (s): API calls answer in milliseconds, uploads and searches may take seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A registry with the HTTP, event and socket metrics of one app (one per process in production). */
export function createMetrics(readers: EventReaders): Metrics {
  const registry = new Registry();
  const labelNames = ['service', 'method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'talkwith_http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'talkwith_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'talkwith_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status',
    labelNames: ['service', 'method', 'route'] as const,
    registers: [registry],
  });
  registerEventGauges(registry, readers);
  registerSocketGauge(registry);
  return {
    registry,
    contentType: registry.contentType,
    observeRequest({ service, method, route, status, seconds }) {
      const labels = { service, method, route, status_class: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (status >= 500) errors.inc({ service, method, route });
    },
    render: async () =>
      `${await registry.metrics()}\n${await operationsRegistry.metrics()}\n${await processMetrics().metrics()}`,
  };
}

function registerEventGauges(registry: Registry, readers: EventReaders): void {
  new Gauge({
    name: 'talkwith_event_consumer_lag',
    help: 'Events published that a consumer group of this process has not handled yet',
    labelNames: ['group'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { group, lag } of await readers.consumerLag()) this.set({ group }, lag);
    },
  });
  new Gauge({
    name: 'talkwith_outbox_backlog',
    help: 'Outbox entries not yet handed to the bus (0 on the embedded bus, which delivers from the outbox)',
    registers: [registry],
    async collect() {
      this.set(await readers.outboxBacklog());
    },
  });
}

function registerSocketGauge(registry: Registry): void {
  new Gauge({
    name: 'talkwith_open_websockets',
    help: 'WebSockets open in this process (realtime: the gateway socket; stt: speech-to-text streams)',
    labelNames: ['socket'] as const,
    registers: [registry],
    collect() {
      for (const [socket, count] of Object.entries(openSockets()) as Array<[SocketKind, number]>)
        this.set({ socket }, count);
    },
  });
}
