import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The speech-to-text variables (API.md § Speech-to-text). Meant to be spread
 * into DialogueConfig (`...SttConfig.properties`) so they are validated at
 * start; sttConfigFrom() fills the defaults for whatever is absent.
 */
export const SttConfig = Type.Object({
  GOOGLE_STT_URL: Type.String({
    default: 'https://speech.googleapis.com',
    description: 'base URL of the Google Cloud Speech-to-Text REST API (v1 speech:recognize)',
  }),
  STT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 10_000,
    description: 'time-out of one recognition call',
  }),
  STT_INTERIM_MS: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    default: 1000,
    description: 'how often the audio so far is recognised for interim results (0 = final results only)',
  }),
  STT_STABLE_MS: Type.Integer({
    minimum: 200,
    maximum: 30_000,
    default: 1500,
    description: 'a transcript unchanged this long ends the utterance (final result)',
  }),
  STT_MAX_STREAM_MS: Type.Integer({
    minimum: 1000,
    maximum: 55_000,
    default: 15_000,
    description: "longest stream; then a final result (Google's synchronous recognition takes at most 60 s of audio)",
  }),
  STT_MAX_STREAM_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 8 * 1024 * 1024,
    default: 1024 * 1024,
    description: 'audio bytes one stream may carry; then a final result',
  }),
  STT_IDLE_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 60_000,
    description: 'a socket without a stream this long is closed',
  }),
  STT_STREAMS_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: 30,
    description: 'streams one user may start a minute',
  }),
});
export type SttConfig = Static<typeof SttConfig>;

const KEYS = Object.keys(SttConfig.properties) as (keyof SttConfig)[];

/** The speech-to-text part of the service's validated config, defaults filled in. */
export function sttConfigFrom(config: object): SttConfig {
  const own = Object.fromEntries(Object.entries(config).filter(([key]) => (KEYS as string[]).includes(key)));
  return Value.Parse(SttConfig, own);
}
