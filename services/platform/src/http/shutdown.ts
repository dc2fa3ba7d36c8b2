import type { ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * After the signal the server stops accepting but keeps answering on the
 * connections it has, for at most this long, every answer closing its
 * connection: the keep-alive connections the gateway holds are used up one by
 * one instead of being cut while idle or before their first request was read
 * (Node's server.close does that), the moment the gateway may be writing on them.
 */
export const CONNECTION_HANDOFF_MS = 1000;

/** Stops accepting without cutting idle connections, then waits until they are gone or `ms` passed. */
async function handOffConnections(app: FastifyInstance, ms: number): Promise<void> {
  if (!app.server.listening) return;
  NetServer.prototype.close.call(app.server);
  const deadline = Date.now() + ms;
  const count = () => new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
  while (Date.now() < deadline && (await count()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Servers whose process got the signal: their /readyz answers 503 from then on (health.ts), whatever the adapters say. */
const drainingServers = new WeakSet<object>();

/** Whether the server answering is draining (`request.server.server`: the root's and every child's are the same). */
export function isDraining(server: object): boolean {
  return drainingServers.has(server);
}

export interface ShutdownOptions {
  signals?: NodeJS.Signals[];
  /** SHUTDOWN_UNREADY_MS: after the signal, keep accepting and serving this long while /readyz answers 503. */
  unreadyMs?: number;
  /** SHUTDOWN_GRACE_MS: in-flight requests, consumer batches and jobs get this long; then the process exits anyway. */
  timeoutMs?: number;
  /** Runs after the server stopped (consumers and adapters close here). */
  afterClose?: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * Responses not yet started. When the drain begins each is told to close its
 * connection after it: a keep-alive connection the server closes right after
 * an answer without saying so is one the gateway may already have sent its
 * next request on ("socket hang up", a 502 for a call that never ran).
 */
function trackOpenResponses(app: FastifyInstance): { closeAfterAnswer(): void } {
  const open = new Set<ServerResponse>();
  let draining = false;
  app.server.on('request', (_request, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return {
    closeAfterAnswer() {
      draining = true;
      for (const response of open) if (!response.headersSent) response.shouldKeepAlive = false;
    },
  };
}

/**
 * Graceful drain on SIGTERM/SIGINT: /readyz answers 503 from the signal on
 * (for `unreadyMs` while everything else is still served), the server stops accepting (the gateway
 * answers a fast 503), the connections it has are handed off (above) (a request arriving meanwhile gets a
 * fast 503 from Fastify), in-flight requests finish (app.close waits for them;
 * onClose hooks then stop service consumers and jobs after their batch), then
 * adapters close and the process exits — or after `timeoutMs` in any case.
 */
export function closeOnSignals(app: FastifyInstance, options: ShutdownOptions = {}): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const responses = trackOpenResponses(app);
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: options.timeoutMs ?? 20_000 }, 'draining');
    setTimeout(() => {
      app.log.error('shutdown grace exceeded; exiting with work unfinished');
      exit(1);
    }, options.timeoutMs ?? 20_000).unref();
    drainingServers.add(app.server);
    void (async () => {
      try {
        // Not ready but still serving: a load balancer polling /readyz takes this process out before it stops accepting.
        if (options.unreadyMs) await new Promise((resolve) => setTimeout(resolve, options.unreadyMs));
        responses.closeAfterAnswer();
        await handOffConnections(app, Math.min(CONNECTION_HANDOFF_MS, (options.timeoutMs ?? 20_000) / 4));
        await app.close();
        await options.afterClose?.();
        exit(0);
      } catch (err) {
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      }
    })();
  };
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}
