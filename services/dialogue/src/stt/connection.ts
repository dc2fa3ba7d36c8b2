import { Value } from '@sinclair/typebox/value';
import { Messages } from '@talkwith/dialogue-engine';
import { messages } from '@talkwith/platform/http';
import { SttClientFrame, type SttServerFrame, type SttStartFrame } from '@talkwith/proto/dialogue';
import type { SttConfig } from './config.ts';
import type { RecognizeOutcome, SpeechToText } from './port.ts';
import { SttStream } from './stream.ts';

/** What a connection needs from the service, as plain functions (no request, no socket library). */
export interface SttContext {
  limits: SttConfig;
  /** The token's user id, or null (invalid, expired, revoked session). */
  authenticate(token: string): Promise<string | null>;
  /** The character's recogniser; null when the character is not published. */
  recognizerFor(characterId: string): Promise<SpeechToText | null>;
  /** Spends one of the user's stream starts this minute; false when none is left. */
  allowStart(userId: string): Promise<boolean>;
  warn(details: Record<string, unknown>, message: string): void;
  now(): number;
}

/** The socket as a connection sees it. */
export interface SttSocket {
  send(frame: SttServerFrame): void;
  close(code: number, reason: string): void;
}

const POLICY_VIOLATION = 1008;
export const SttMessages = {
  streamActive: '音声認識はすでに開始されています。',
  noStream: '音声認識が開始されていません。',
  characterNotFound: 'キャラクターが見つかりません。',
  failed: '音声を認識できませんでした。',
} as const;

/**
 * One socket of /api/dialogue/stt: authenticates each `start` by its token,
 * keeps at most one stream, recognises the audio so far every STT_INTERIM_MS
 * (interim results) and answers a final result on `stop`, when the transcript
 * is stable, or at the stream's length or byte limit. Frames are handled in
 * arrival order (a `start` is checked before the audio after it is taken).
 */
export class SttConnection {
  private stream: SttStream | null = null;
  private chain: Promise<void> = Promise.resolve();
  private interimTimer: ReturnType<typeof setTimeout> | undefined;
  private limitTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  private readonly ctx: SttContext;
  private readonly socket: SttSocket;

  constructor(ctx: SttContext, socket: SttSocket) {
    this.ctx = ctx;
    this.socket = socket;
    this.armIdle();
  }

  onText(raw: string): void {
    this.enqueue(() => this.handleText(raw));
  }

  onBinary(chunk: Buffer): void {
    this.enqueue(() => this.handleAudio(chunk));
  }

  /** The socket is gone: the stream is dropped without a result. */
  onClose(): void {
    this.closed = true;
    if (this.stream) this.stream.ended = true;
    this.stream = null;
    this.clearTimers();
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((err: unknown) => {
      this.ctx.warn({ err }, 'speech-to-text frame failed');
      this.send({ type: 'error', code: 'INTERNAL', message: messages.internal });
    });
  }

  private send(frame: SttServerFrame): void {
    if (!this.closed) this.socket.send(frame);
  }

  private refuse(code: string, message: string): void {
    this.send({ type: 'error', code, message });
    this.socket.close(POLICY_VIOLATION, code);
    this.onClose();
  }

  private async handleText(raw: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return this.refuse('VALIDATION_FAILED', 'frame is not JSON');
    }
    if (!Value.Check(SttClientFrame, value)) {
      const first = Value.Errors(SttClientFrame, value).First();
      return this.refuse(
        'VALIDATION_FAILED',
        first ? `invalid frame at ${first.path || '/'}: ${first.message}` : 'invalid frame',
      );
    }
    if (value.type === 'start') return this.start(value);
    if (this.stream) await this.finish(this.stream, 'stopped');
  }

  private async handleAudio(chunk: Buffer): Promise<void> {
    const stream = this.stream;
    if (!stream) return this.refuse('NO_STREAM', SttMessages.noStream);
    if (!stream.append(chunk, this.ctx.limits.STT_MAX_STREAM_BYTES)) await this.finish(stream, 'limit');
  }

  private async start(frame: SttStartFrame): Promise<void> {
    if (this.stream) return this.send({ type: 'error', code: 'STREAM_ACTIVE', message: SttMessages.streamActive });
    const userId = await this.ctx.authenticate(frame.token);
    if (!userId) return this.send({ type: 'error', code: 'UNAUTHENTICATED', message: messages.unauthenticated });
    if (!(await this.ctx.allowStart(userId)))
      return this.send({ type: 'error', code: 'RATE_LIMITED', message: messages.rateLimited });
    const recognizer = await this.ctx.recognizerFor(frame.character_id);
    if (!recognizer)
      return this.send({ type: 'unavailable', code: 'CHARACTER_NOT_FOUND', message: SttMessages.characterNotFound });
    if (!recognizer.available) return this.keyInvalid(frame.character_id);
    if (this.closed) return;
    const format = {
      encoding: frame.encoding,
      sampleRateHertz: frame.sample_rate_hertz,
      language: frame.language ?? 'ja-JP',
    };
    const stream = new SttStream({ userId, characterId: frame.character_id }, recognizer, format, this.ctx.now());
    this.stream = stream;
    clearTimeout(this.idleTimer);
    const { STT_MAX_STREAM_MS, STT_MAX_STREAM_BYTES } = this.ctx.limits;
    this.limitTimer = setTimeout(() => this.enqueue(() => this.finish(stream, 'limit')), STT_MAX_STREAM_MS);
    this.send({ type: 'ready', max_ms: STT_MAX_STREAM_MS, max_bytes: STT_MAX_STREAM_BYTES });
    this.scheduleInterim(stream);
  }

  private scheduleInterim(stream: SttStream): void {
    if (this.ctx.limits.STT_INTERIM_MS === 0 || stream.ended) return;
    this.interimTimer = setTimeout(
      () => void this.interim(stream).catch((err: unknown) => this.ctx.warn({ err }, 'interim recognition failed')),
      this.ctx.limits.STT_INTERIM_MS,
    );
  }

  /** One interim pass: recognise the audio so far (when more came), tell a changed transcript, end a stable one. */
  private async interim(stream: SttStream): Promise<void> {
    if (stream.ended) return;
    if (!stream.busy && stream.hasNewAudio()) {
      stream.busy = true;
      const outcome = await stream.recognizer.recognize(stream.request());
      stream.busy = false;
      if (stream.ended) return;
      if (outcome.kind === 'key-invalid') return this.endWith(stream, () => this.keyInvalid(stream.characterId));
      if (outcome.kind === 'text' && stream.heard(outcome.text, this.ctx.now()))
        this.send({ type: 'interim', text: outcome.text });
    }
    if (stream.isStable(this.ctx.now(), this.ctx.limits.STT_STABLE_MS)) {
      this.enqueue(() => this.finish(stream, 'stable'));
      return;
    }
    this.scheduleInterim(stream);
  }

  /** Ends the stream with its final result (a stable transcript is final as heard; otherwise one last recognition). */
  private async finish(stream: SttStream, reason: 'stopped' | 'stable' | 'limit'): Promise<void> {
    if (stream.ended) return;
    this.endWith(stream, () => undefined);
    if (reason === 'stable' || stream.bytes === 0) return this.send({ type: 'final', text: stream.lastText, reason });
    this.report(stream, await stream.recognizer.recognize(stream.request()), reason);
  }

  private report(stream: SttStream, outcome: RecognizeOutcome, reason: 'stopped' | 'limit'): void {
    if (outcome.kind === 'text') return this.send({ type: 'final', text: outcome.text, reason });
    if (outcome.kind === 'key-invalid') return this.keyInvalid(stream.characterId);
    this.ctx.warn({ character_id: stream.characterId, reason: outcome.reason }, 'speech-to-text failed');
    this.send({ type: 'failed', message: SttMessages.failed });
  }

  private endWith(stream: SttStream, then: () => void): void {
    stream.ended = true;
    if (this.stream === stream) this.stream = null;
    clearTimeout(this.interimTimer);
    clearTimeout(this.limitTimer);
    this.armIdle();
    then();
  }

  /** SPEC.md §8: the google_key is invalid or missing; logged, and the player falls back to text input. */
  private keyInvalid(characterId: string): void {
    this.ctx.warn({ character_id: characterId }, Messages.INVALID_GOOGLE_KEY);
    this.send({ type: 'unavailable', code: 'INVALID_GOOGLE_KEY', message: Messages.INVALID_GOOGLE_KEY });
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    if (this.closed) return;
    this.idleTimer = setTimeout(() => {
      this.socket.close(1000, 'idle');
      this.onClose();
    }, this.ctx.limits.STT_IDLE_MS);
  }

  private clearTimers(): void {
    clearTimeout(this.interimTimer);
    clearTimeout(this.limitTimer);
    clearTimeout(this.idleTimer);
  }
}
