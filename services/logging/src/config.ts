import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig } from '@talkwith/platform';
import { LOG_TYPES, type LogType } from '@talkwith/proto/logging';

/**
 * Days an entry of each category is kept (SPEC.md §4 categories). Audit
 * entries (admin actions) are never removed, whatever their category.
 */
export const DEFAULT_RETENTION_DAYS: Readonly<Record<LogType, number>> = {
  error: 180,
  connect: 90,
  play: 30,
  speech: 30,
  other: 90,
  camera: 30,
  admin: 365,
  subscription: 730,
  ticket: 730,
  point: 730,
};

/** The environment variables only the logging service reads. */
export const LoggingConfig = Type.Object({
  LOG_RETENTION_DAYS: Type.String({
    default: '',
    maxLength: 400,
    pattern: '^([a-z]+=[0-9]{1,4}(,[a-z]+=[0-9]{1,4})*)?$',
    description:
      'days each log category is kept before the store removes an entry, as category=days pairs, e.g. "play=14,error=365"; categories left out keep their defaults (error 180, connect 90, play 30, speech 30, other 90, camera 30, admin 365, subscription/ticket/point 730). Audit entries (admin actions) are kept forever. A change applies to entries written after it',
  }),
  LOG_INGEST_BATCH: Type.Integer({
    minimum: 1,
    maximum: 500,
    default: 500,
    description: 'client log lines written per store transaction at most (a burst is written in batches this size)',
  }),
  // Stored client lines, on top of the gateway's per-address budgets (an account may come from many addresses).
  // A player's socket sustains 2 frames a second (120 a minute) and its lines are a few hundred bytes: the
  // per-account defaults are twice one socket's frames and ~5 times its bytes, and stop the 600 lines / 4 MB
  // (10 MB stored) a minute one free account wrote per address.
  LOG_ACCOUNT_LINES_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 240,
    description:
      'client log lines one account may store per minute (over every address and socket); lines beyond it are dropped and counted',
  }),
  LOG_ACCOUNT_BYTES_PER_MINUTE: Type.Integer({
    minimum: 1024,
    default: 256 * 1024,
    description:
      'bytes of client log lines (message, character id and the JSON of extra) one account may store per minute; lines beyond it are dropped and counted',
  }),
  LOG_GLOBAL_LINES_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 60_000,
    description:
      'client log lines all clients together (signed in or not) may store per minute; size it to the store: lines beyond it are dropped and counted',
  }),
  LOG_GLOBAL_BYTES_PER_MINUTE: Type.Integer({
    minimum: 1024,
    default: 64 * 1024 * 1024,
    description:
      'bytes of client log lines all clients together may store per minute; lines beyond it are dropped and counted',
  }),
});
type LoggingVariables = Static<typeof LoggingConfig>;
export type LoggingConfig = Omit<LoggingVariables, 'LOG_RETENTION_DAYS'> & { retentionDays: Record<LogType, number> };

/** "play=14,error=365" over the defaults; an unknown category or a day count of 0 is a configuration error. */
export function parseRetention(text: string): Record<LogType, number> {
  const days: Record<LogType, number> = { ...DEFAULT_RETENTION_DAYS };
  const problems: string[] = [];
  for (const pair of text === '' ? [] : text.split(',')) {
    const [name = '', value = ''] = pair.split('=');
    const count = Number(value);
    if (!(LOG_TYPES as readonly string[]).includes(name))
      problems.push(`LOG_RETENTION_DAYS: unknown category "${name}" (one of ${LOG_TYPES.join(', ')})`);
    else if (count < 1) problems.push(`LOG_RETENTION_DAYS: ${name} must be kept at least 1 day`);
    else days[name as LogType] = count;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return days;
}

/** Reads and validates the logging service's variables; throws ConfigError naming each bad one. */
export function loadLoggingConfig(env: NodeJS.ProcessEnv = process.env): LoggingConfig {
  const { LOG_RETENTION_DAYS, ...rest } = loadConfig(LoggingConfig, env);
  return { ...rest, retentionDays: parseRetention(LOG_RETENTION_DAYS) };
}
