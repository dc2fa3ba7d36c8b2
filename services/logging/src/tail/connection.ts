import { Value } from '@sinclair/typebox/value';
import { messages } from '@talkwith/platform/http';
import { LogTailStart, type LogEntry, type LogTailFrame } from '@talkwith/proto/logging';
import type { LogTailHub } from './hub.ts';

/** Who the start frame's token names: an admin (until when the token is good), or why not. */
export type TailAuthorization =
  { ok: true; expiresAt: number } | { ok: false; code: 'UNAUTHENTICATED' | 'FORBIDDEN'; message: string };

export interface TailContext {
  hub: LogTailHub;
  authorize(token: string): Promise<TailAuthorization>;
  /** How long a socket may stay open without a start frame. */
  startTimeoutMs: number;
}

/** The socket as a tail sees it. */
export interface TailSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Bytes queued and not yet sent: a console that does not keep up misses entries instead of growing this. */
  readonly bufferedAmount: number;
}

const POLICY_VIOLATION = 1008;
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One socket of the live tail: the first frame must be a start frame with an
 * admin's token; then each matching entry is pushed as it is stored, until
 * the socket closes or the token expires.
 */
export class TailConnection {
  private stop: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout>;
  private closed = false;
  private readonly ctx: TailContext;
  private readonly socket: TailSocket;

  constructor(ctx: TailContext, socket: TailSocket) {
    this.ctx = ctx;
    this.socket = socket;
    this.timer = setTimeout(() => this.refuse('UNAUTHENTICATED', messages.unauthenticated), ctx.startTimeoutMs);
  }

  async onText(raw: string): Promise<void> {
    if (this.closed) return;
    if (this.stop) return this.refuse('VALIDATION_FAILED', 'the tail has already started');
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return this.refuse('VALIDATION_FAILED', 'frame is not JSON');
    }
    if (!Value.Check(LogTailStart, frame))
      return this.refuse('VALIDATION_FAILED', 'expected {type:"start", token, filter?}');
    const verdict = await this.ctx.authorize(frame.token);
    if (!verdict.ok) return this.refuse(verdict.code, verdict.message);
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => this.end(1000, 'token expired'),
      Math.min(Math.max(verdict.expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
    this.stop = this.ctx.hub.subscribe(frame.filter ?? {}, (entry) => this.push(entry));
    this.send({ type: 'started' });
  }

  onClose(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.stop?.();
    this.stop = null;
  }

  private push(entry: LogEntry): void {
    if (this.socket.bufferedAmount <= MAX_BUFFERED_BYTES) this.send({ type: 'entry', entry });
  }

  private send(frame: LogTailFrame): void {
    if (!this.closed) this.socket.send(JSON.stringify(frame));
  }

  private refuse(code: string, message: string): void {
    this.send({ type: 'error', code, message });
    this.end(POLICY_VIOLATION, code);
  }

  private end(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    this.onClose();
  }
}
