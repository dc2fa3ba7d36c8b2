import { Agent as HttpAgent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';
import { AppError } from '@talkwith/platform';
import { messages } from '@talkwith/platform/http';

/**
 * How long the distributed gateway waits for a service (README, Operations).
 * connect: a service host that is gone (no RST, packets dropped) must not
 * hold a request for the whole answer time-out. answer: the longest silence
 * on the connection once connected (an upload, a slow search), as before.
 */
export const UPSTREAM_TIMEOUTS = { connectMs: 1000, answerMs: 30_000 } as const;

/**
 * Per service: this many forwards in a row that got no answer (refused,
 * connect time-out, connection dropped, answer time-out) open the circuit; it
 * stays open this long, then one trial forward decides between closed and
 * open again. An answer of any status, 5xx included, is the service answering.
 */
export const BREAKER = { failures: 5, openMs: 5000 } as const;

/** The error code of a connection the connect time-out gave up on. */
export const CONNECT_TIMEOUT = 'UPSTREAM_CONNECT_TIMEOUT';

export type CircuitName = 'closed' | 'open' | 'half-open' | 'isolated';
const circuitNames: Record<CircuitState, CircuitName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'isolated',
};

/** The outcome of one admitted forward; the first report counts. */
export interface Forward {
  answered(): void;
  failed(error: Error): void;
}

/** A service that cannot be reached: 503 UNAVAILABLE, in Japanese, try again shortly. */
export const serviceUnavailable = (cause?: unknown): AppError =>
  new AppError('UNAVAILABLE', messages.unavailable, {
    cause,
    expose: true,
    headers: { 'retry-after': String(BREAKER.openMs / 1000) },
  });

/** One service's circuit (cockatiel's breaker), fed with the outcome of each forward. */
export class UpstreamBreaker {
  private readonly policy: CircuitBreakerPolicy;
  readonly service: string;

  constructor(service: string, options: { failures?: number; openMs?: number } = {}) {
    this.service = service;
    this.policy = circuitBreaker(handleAll, {
      halfOpenAfter: options.openMs ?? BREAKER.openMs,
      breaker: new ConsecutiveBreaker(options.failures ?? BREAKER.failures),
    });
  }

  get state(): CircuitName {
    return circuitNames[this.policy.state];
  }

  /**
   * Admits a forward, or throws 503 UNAVAILABLE at once while the circuit is
   * open. Half-open, only the forward that opened the trial goes through:
   * cockatiel would make the others wait for its outcome, and "fast" is the point.
   */
  admit(): Forward {
    if (this.policy.state === CircuitState.HalfOpen) throw serviceUnavailable();
    const outcome = Promise.withResolvers<void>();
    let admitted = false;
    // cockatiel runs the task synchronously when it admits it, so `admitted` is known on return.
    this.policy
      .execute(() => {
        admitted = true;
        return outcome.promise;
      })
      .catch(() => undefined);
    if (!admitted) throw serviceUnavailable();
    return { answered: () => outcome.resolve(), failed: (error) => outcome.reject(error) };
  }
}

/**
 * Keep-alive agents (reply-from's defaults) whose new connections give up
 * after `connectMs`: Node's request `timeout` is one idle time-out for
 * connecting and answering alike, so without this a gone host holds each
 * request for the full answer time-out.
 */
export function connectTimeoutAgents(connectMs: number): { 'http:': HttpAgent; 'https:': HttpsAgent } {
  const options: AgentOptions = { keepAlive: true, keepAliveMsecs: 60_000, maxSockets: 2048, maxFreeSockets: 2048 };
  return {
    'http:': withConnectTimeout(new HttpAgent(options), connectMs),
    'https:': withConnectTimeout(new HttpsAgent(options), connectMs),
  };
}

/** Exported for its test; connectTimeoutAgents is the use. */
export function withConnectTimeout<A extends HttpAgent>(agent: A, connectMs: number): A {
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => {
    const socket = create(options, callback);
    if (!socket) return socket;
    const timer = setTimeout(() => {
      socket.destroy(Object.assign(new Error(`no connection within ${connectMs} ms`), { code: CONNECT_TIMEOUT }));
    }, connectMs);
    const clear = () => clearTimeout(timer);
    socket.once('connect', clear).once('secureConnect', clear).once('close', clear);
    return socket;
  };
  return agent;
}
