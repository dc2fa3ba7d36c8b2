import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, type Cache } from '@talkwith/platform';
import { messages } from '@talkwith/platform/http';
import { reserve } from '@talkwith/platform/limits';

/** How many sockets the process keeps open, and for how long when they are quiet. */
export interface AdmissionLimits {
  /** Open sockets in this process: past it new ones are refused 503, before file descriptors run out. */
  maxOpen: number;
  /** Open sockets from one address that have not joined a room (no verified user yet). */
  anonymousPerAddress: number;
  /** A socket that has not joined is closed after this long without a frame. */
  unjoinedIdleMs: number;
  /** A joined socket is closed after this long without a frame; the web client reconnects, re-authenticates and joins again. */
  joinedIdleMs: number;
}

/**
 * The soft limit on open files from /proc/self/limits (Linux), or null
 * elsewhere or when unlimited. Every socket holds one descriptor; the store,
 * the cache and HTTP requests need the rest.
 */
export function openFileLimit(source = '/proc/self/limits'): number | null {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync(source, 'utf8'))?.[1];
    return soft === undefined ? null : Number(soft);
  } catch {
    return null;
  }
}

/** Three quarters of the open-file limit, leaving a quarter for everything else; 768 (of the usual 1,024) when it cannot be read. */
export function defaultMaxOpenSockets(fileLimit = openFileLimit()): number {
  return fileLimit === null ? 768 : Math.max(16, Math.floor(fileLimit * 0.75));
}

export type RefusalReason = 'sockets-full' | 'anonymous-sockets' | 'frame-budget' | 'frame-shape';

const REFUSAL_LOG: { name: string; max: number; windowMs: number } = {
  name: 'socket.refusal-log',
  max: 1,
  windowMs: 60_000,
};

/**
 * Logs a refusal once per address and reason a minute: a flood of refused
 * frames or upgrades writes one line, not one per frame. The window is the
 * platform limiter over a cache of this process (each replica logs its own
 * refusals). The address is logged hashed, never in clear.
 */
export function refusalLog(cache: Cache, log: FastifyBaseLogger): (reason: RefusalReason, address: string) => void {
  return (reason, address) => {
    void reserve(cache, [{ ...REFUSAL_LOG, key: `${reason} ${address}` }]).then(
      (slot) => {
        if (slot.ok)
          log.warn(
            { reason, address: createHash('sha256').update(address).digest('base64url').slice(0, 12) },
            'socket refused (logged once a minute per address)',
          );
      },
      (err: unknown) => log.debug({ err }, 'socket refusal log'),
    );
  };
}

/**
 * Closes a quiet socket: with a close frame, or at once when it is not being
 * read (held off over its budget), as its close answer would never be read
 * and the descriptor would stay 30 s.
 */
export function closeQuiet(socket: WebSocket): void {
  if (socket.isPaused) socket.terminate();
  else socket.close(1000, 'idle');
}

/** One admitted socket's side of the admission: told when it joins and when a frame arrives. */
export interface Admitted {
  joined(): void;
  touched(): void;
}

/**
 * Counts this process's open sockets (all, and those not yet joined per
 * address) and closes quiet ones. These are gauges of what is open now, not
 * budgets over a time window, and the descriptors they guard are this
 * process's, so they live in memory here rather than in the limiter's cache.
 */
export class Admission {
  private open = 0;
  private readonly unjoined = new Map<string, number>();
  private readonly limits: AdmissionLimits;

  constructor(limits: AdmissionLimits) {
    this.limits = limits;
  }

  /** Why a new socket from `address` would be refused now, or null. Checked before the upgrade and again once it is made. */
  refusal(address: string): RefusalReason | null {
    if (this.open >= this.limits.maxOpen) return 'sockets-full';
    if ((this.unjoined.get(address) ?? 0) >= this.limits.anonymousPerAddress) return 'anonymous-sockets';
    return null;
  }

  /** Counts an upgraded socket in until it closes, and closes it after the idle time-out of its state. */
  admit(socket: WebSocket, address: string): Admitted {
    this.open += 1;
    this.addUnjoined(address, 1);
    let joined = false;
    let timer = setTimeout(() => closeQuiet(socket), this.limits.unjoinedIdleMs);
    socket.once('close', () => {
      clearTimeout(timer);
      this.open -= 1;
      if (!joined) this.addUnjoined(address, -1);
    });
    return {
      joined: () => {
        if (joined) return;
        joined = true;
        this.addUnjoined(address, -1);
        clearTimeout(timer);
        timer = setTimeout(() => closeQuiet(socket), this.limits.joinedIdleMs);
      },
      touched: () => {
        timer.refresh();
      },
    };
  }

  private addUnjoined(address: string, by: number): void {
    const count = (this.unjoined.get(address) ?? 0) + by;
    if (count > 0) this.unjoined.set(address, count);
    else this.unjoined.delete(address);
  }
}

/** The answer to a refused upgrade: the process is full (503), or the address has too many sockets that have not joined (429). */
export function upgradeRefusal(reason: RefusalReason): AppError {
  return reason === 'sockets-full'
    ? new AppError('UNAVAILABLE', BUSY, { expose: true })
    : new AppError('RATE_LIMITED', messages.rateLimited, { body: { rateLimited: true } });
}
const BUSY = 'ただいま接続が混み合っています。しばらくしてから再度お試しください。';
