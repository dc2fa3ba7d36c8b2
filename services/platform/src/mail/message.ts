import { randomBytes } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import type { MailMessage } from '../ports/mail.ts';

// Header injection guard: a recipient or subject must stay on one line.
const LINE_BREAK = /[\r\n]/;
const ADDRESS = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+$/;

/** Refuses messages a mail server would reject or that could inject headers. */
export function assertValidMessage(message: MailMessage): void {
  if (!ADDRESS.test(message.to)) throw new AppError('VALIDATION_FAILED', 'invalid recipient address', { field: 'to' });
  if (LINE_BREAK.test(message.subject))
    throw new AppError('VALIDATION_FAILED', 'subject must be one line', { field: 'subject' });
  if (message.replyTo !== undefined && !ADDRESS.test(message.replyTo))
    throw new AppError('VALIDATION_FAILED', 'invalid reply-to address', { field: 'replyTo' });
  if (message.subject.trim() === '') throw new AppError('VALIDATION_FAILED', 'subject is empty', { field: 'subject' });
}

let lastMillis = 0;
let sequence = 0;

/**
 * Ids that sort in sending order even within one millisecond, so "newest
 * first" can break sentAt ties by id.
 */
export function sortableMailId(now: number): string {
  sequence = now === lastMillis ? sequence + 1 : 0;
  lastMillis = now;
  return `${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(4).toString('hex')}`;
}

/** The recent() limit: default 50, at least 1, at most 500. */
export function clampLimit(limit: number | undefined): number {
  return Math.min(500, Math.max(1, Math.floor(limit ?? 50)));
}
