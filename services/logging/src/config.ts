import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';

/** The environment variables only the logging service reads. */
export const LoggingConfig = Type.Object({
  CLIENT_LOG_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 90, description: 'days a client log line (sent over the socket) is kept before the store removes it; audit entries are kept. A change applies to lines written after it' }),
});
export type LoggingConfig = Static<typeof LoggingConfig>;

/** Reads and validates the logging service's variables; throws ConfigError naming each bad one. */
export function loadLoggingConfig(env: NodeJS.ProcessEnv = process.env): LoggingConfig {
  return loadConfig(LoggingConfig, env);
}
