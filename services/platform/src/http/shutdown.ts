import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  signals?: NodeJS.Signals[];
  /** After this long the process exits even if something still hangs. */
  timeoutMs?: number;
  /** Runs after the server stopped (consumers and adapters close here). */
  afterClose?: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, let
 * in-flight requests finish (app.close waits for them; onClose hooks close
 * service consumers), then close adapters and exit.
 */
export function closeOnSignals(app: FastifyInstance, options: ShutdownOptions = {}): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => { app.log.error('shutdown timed out'); exit(1); }, options.timeoutMs ?? 15_000).unref();
    void (async () => {
      try {
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
  return () => { for (const s of signals) process.off(s, onSignal); };
}
