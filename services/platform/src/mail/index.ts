import type * as SmtpModule from './smtp.ts';
export { createOutboxMailer, OUTBOX_COLLECTION, type OutboxMailerOptions } from './outbox.ts';
export type { SmtpMailerOptions } from './smtp.ts';
/** Loads nodemailer on first use: embedded deployments never pay for importing it. */
export async function createSmtpMailer(
  options: SmtpModule.SmtpMailerOptions,
): ReturnType<typeof SmtpModule.createSmtpMailer> {
  return (await import('./smtp.ts')).createSmtpMailer(options);
}
export { assertValidMessage } from './message.ts';
// The contract suite imports vitest, so tests import it from './contract.ts'.
