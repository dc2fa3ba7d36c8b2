import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';

/**
 * Every environment variable only engagement reads (ServiceModule.configSchema:
 * validated at start, listed in .env.example).
 */
export const EngagementConfig = Type.Object({
  SERIAL_MAX_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 10,
    description: 'wrong serial codes one account may try in a window before POST /api/serial/check answers 429',
  }),
  SERIAL_MAX_FAILURES_PER_ADDRESS: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: 30,
    description: 'wrong serial codes from one client address (all accounts) in a window before 429',
  }),
  SERIAL_FAILURE_WINDOW_MS: Type.Integer({
    minimum: 1000,
    default: 900_000,
    description: 'the window those wrong codes are counted in (fixed, from the first failure)',
  }),
  CONTACT_MAX_PER_WINDOW: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 5,
    description: 'contact forms one account (or, logged out, one e-mail address) may send in a window',
  }),
  CONTACT_MAX_PER_ADDRESS: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: 20,
    description: 'contact forms one client address may send in a window',
  }),
  CONTACT_WINDOW_MS: Type.Integer({
    minimum: 1000,
    default: 3_600_000,
    description: 'the window contact forms are counted in',
  }),
  SUPPORT_MAIL_FROM: Type.String({
    minLength: 3,
    default: 'support@talkwith.example',
    description: 'the From of receipts and replies to contacts',
  }),
});
export type EngagementConfig = Static<typeof EngagementConfig>;

export function loadEngagementConfig(env: NodeJS.ProcessEnv = process.env): EngagementConfig {
  return loadConfig(EngagementConfig, env);
}
