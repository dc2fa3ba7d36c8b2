import type { SttEncoding, SttLanguage } from '@talkwith/proto/dialogue';
import type { RecognizeRequest, SpeechToText } from './port.ts';

export interface StreamFormat {
  encoding: SttEncoding;
  sampleRateHertz: number;
  language: SttLanguage;
}

/** One utterance being recognised: its audio so far and what was last heard. Lives as long as its socket's stream. */
export class SttStream {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** Bytes already recognised: an interim pass runs only when more audio came. */
  private recognisedSize = 0;
  lastText = '';
  lastChangeAt: number;
  busy = false;
  ended = false;

  readonly userId: string;
  readonly characterId: string;
  readonly recognizer: SpeechToText;
  private readonly format: StreamFormat;

  constructor(
    owner: { userId: string; characterId: string },
    recognizer: SpeechToText,
    format: StreamFormat,
    startedAt: number,
  ) {
    this.userId = owner.userId;
    this.characterId = owner.characterId;
    this.recognizer = recognizer;
    this.format = format;
    this.lastChangeAt = startedAt;
  }

  get bytes(): number {
    return this.size;
  }

  /** Whether the chunk fits in `maxBytes`; a chunk that does not is not kept. */
  append(chunk: Buffer, maxBytes: number): boolean {
    if (this.size + chunk.length > maxBytes) return false;
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  hasNewAudio(): boolean {
    return this.size > this.recognisedSize;
  }

  /** The whole audio so far (the container's header is in the first chunk, so only the whole is decodable). */
  request(): RecognizeRequest {
    this.recognisedSize = this.size;
    return { audio: Buffer.concat(this.chunks, this.size), ...this.format };
  }

  /** Records a transcript; true when it differs from the last one. */
  heard(text: string, now: number): boolean {
    if (text === this.lastText) return false;
    this.lastText = text;
    this.lastChangeAt = now;
    return true;
  }

  /** An utterance is over when something was heard and the transcript has not changed for `stableMs`. */
  isStable(now: number, stableMs: number): boolean {
    return this.lastText !== '' && now - this.lastChangeAt >= stableMs;
  }
}
