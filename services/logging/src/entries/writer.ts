import { SERVICE_LOG_TYPES, type LogSource } from '@talkwith/proto/logging';
import type { LogDoc } from './model.ts';
import { LoginMessages } from './messages.ts';

/** The services whose events become entries, by the event's domain (the part before the dot). */
const SERVICE_OF_DOMAIN: Readonly<Record<string, string>> = {
  user: 'identity',
  ticket: 'billing',
  points: 'billing',
  subscription: 'billing',
  purchase: 'billing',
};

/** Who wrote the entry of an event: `client` for a socket line, `audit` for an admin action, else the service that published it. */
export function writerOfEvent(eventType: string): string {
  if (eventType === 'client.logged') return 'client';
  if (eventType === 'admin.acted') return 'audit';
  return SERVICE_OF_DOMAIN[eventType.split('.')[0] ?? ''] ?? 'service';
}

const LOGIN_TEXTS: ReadonlySet<string> = new Set(Object.values(LoginMessages));

type Stored = Pick<LogDoc, 'type' | 'message'> & { source?: LogSource; writer?: string };

/**
 * The source of an entry stored without one (written before sources were
 * kept): billing's categories are the service's, `admin` the audit's, a
 * `connect` entry with identity's own words identity's; the rest was a client line.
 */
export function sourceOf(doc: Stored): LogSource {
  if (doc.source) return doc.source;
  if (doc.type === 'admin') return 'audit';
  if (SERVICE_LOG_TYPES.includes(doc.type)) return 'service';
  return doc.type === 'connect' && LOGIN_TEXTS.has(doc.message) ? 'service' : 'client';
}

/**
 * The export's 記録元: the writer stored with the entry, or, for an entry
 * stored before writers were kept, one derived from its source and category
 * (identity writes `connect`, billing every other service category).
 */
export function writerOf(doc: Stored): string {
  if (doc.writer) return doc.writer;
  const source = sourceOf(doc);
  if (source !== 'service') return source;
  return doc.type === 'connect' ? 'identity' : 'billing';
}
