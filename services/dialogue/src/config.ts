import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';
import { SttConfig } from './stt/config.ts';

/** Every environment variable only dialogue reads (validated at start, listed in .env.example). */
export const DialogueConfig = Type.Object({
  SPJ_TIMEOUT_MS: Type.Integer({
    minimum: 50,
    maximum: 30_000,
    default: 1500,
    description: "time-out of one call to a character's SPJ url",
  }),
  SPJ_BREAKER_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 5,
    description: 'consecutive SPJ failures (per url) that open its circuit breaker',
  }),
  SPJ_BREAKER_OPEN_MS: Type.Integer({
    minimum: 100,
    default: 30_000,
    description: 'how long an open breaker answers empty results at once before a trial call',
  }),
  ...SttConfig.properties,
  RECOGNITION_RATE_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 600,
    description: 'search, score, action and unmatched-utterance calls one client address may make a minute',
  }),
  ANALYSER_WARMUP: Type.Boolean({
    default: true,
    description:
      'load the Japanese analyser (~300 MB, 1.5-3 s) in the background at start, so the first understand request or search does not wait for it',
  }),
  INSIGHT_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 180,
    description: 'days insight keeps tracked steps and unmatched utterances (TTL index)',
  }),
});
export type DialogueConfig = Static<typeof DialogueConfig>;

export function loadDialogueConfig(env: NodeJS.ProcessEnv = process.env): DialogueConfig {
  return loadConfig(DialogueConfig, env);
}
