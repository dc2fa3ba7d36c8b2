export { createOutboxMailer, OUTBOX_COLLECTION, type OutboxMailerOptions } from './outbox.ts';
export { createSmtpMailer, type SmtpMailerOptions } from './smtp.ts';
export { assertValidMessage } from './message.ts';
// The contract suite imports vitest, so tests import it from './contract.ts'.
