import { Type, type Static } from '@sinclair/typebox';
import { TalkLanguage } from './language.ts';
import { DialogueId } from './recognition.ts';

/**
 * Server speech-to-text (services/dialogue/API.md § Speech-to-text): the
 * dialogue service's WebSocket at STT_PATH. Text frames are JSON, both ways;
 * the audio goes up as binary frames (the MediaRecorder's chunks, in order)
 * between a `start` and a `stop`. One stream at a time per connection.
 */
export { STT_MAX_FRAME_BYTES, STT_PATH } from './constants.ts';

/** The recognition languages: the talk languages (the subtitle languages the product ships). */
export const SttLanguage = TalkLanguage;
export type SttLanguage = TalkLanguage;

/** The audio encodings the server passes on to the recogniser (Google's RecognitionConfig.AudioEncoding names). */
export const SttEncoding = Type.Union([Type.Literal('WEBM_OPUS'), Type.Literal('OGG_OPUS'), Type.Literal('LINEAR16')]);
export type SttEncoding = Static<typeof SttEncoding>;

export const SttStartFrame = Type.Object(
  {
    type: Type.Literal('start'),
    token: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: "the access token; the stream's user is the one it names",
    }),
    character_id: DialogueId,
    language: Type.Optional(SttLanguage),
    encoding: SttEncoding,
    sample_rate_hertz: Type.Integer({
      minimum: 8000,
      maximum: 48000,
      description: "as the audio's header says (MediaRecorder Opus: 48000)",
    }),
  },
  { additionalProperties: false },
);
export type SttStartFrame = Static<typeof SttStartFrame>;

/** The utterance is over: the server answers a final result and ends the stream. */
export const SttStopFrame = Type.Object({ type: Type.Literal('stop') }, { additionalProperties: false });

export const SttClientFrame = Type.Union([SttStartFrame, SttStopFrame]);
export type SttClientFrame = Static<typeof SttClientFrame>;

export const SttReadyFrame = Type.Object({
  type: Type.Literal('ready'),
  max_ms: Type.Integer({ description: 'the stream ends with a final result after this long' }),
  max_bytes: Type.Integer({ description: 'audio bytes one stream may carry' }),
});
export const SttInterimFrame = Type.Object({ type: Type.Literal('interim'), text: Type.String() });
export const SttFinalReason = Type.Union([Type.Literal('stopped'), Type.Literal('stable'), Type.Literal('limit')], {
  description:
    'stopped: the client sent stop; stable: the transcript stopped changing (end of utterance); limit: max_ms or max_bytes reached',
});
export const SttFinalFrame = Type.Object({ type: Type.Literal('final'), text: Type.String(), reason: SttFinalReason });
/** Speech cannot be recognised on the server for this character: the player keeps the text input. */
export const SttUnavailableFrame = Type.Object({
  type: Type.Literal('unavailable'),
  code: Type.Union([Type.Literal('INVALID_GOOGLE_KEY'), Type.Literal('CHARACTER_NOT_FOUND')]),
  message: Type.String({ description: 'Japanese (SPEC.md §8 for a missing or invalid google_key)' }),
});
/** This stream's recognition failed (the recogniser was unreachable): nothing was recognised, the client may start again. */
export const SttFailedFrame = Type.Object({ type: Type.Literal('failed'), message: Type.String() });
/** A refused frame (bad frame, not signed in, a second stream, rate limit); VALIDATION_FAILED and NO_STREAM also close the socket. */
export const SttErrorFrame = Type.Object({ type: Type.Literal('error'), code: Type.String(), message: Type.String() });

export const SttServerFrame = Type.Union([
  SttReadyFrame,
  SttInterimFrame,
  SttFinalFrame,
  SttUnavailableFrame,
  SttFailedFrame,
  SttErrorFrame,
]);
export type SttServerFrame = Static<typeof SttServerFrame>;
