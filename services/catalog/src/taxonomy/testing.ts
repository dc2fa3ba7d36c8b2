import { randomUUID } from 'node:crypto';
import type { ServiceUnderTest } from '@talkwith/platform/platform';
import { openCharacters, type Character } from '../characters.ts';
import { adminHeaders } from '../test-support.ts';

/** Helpers of the taxonomy API tests: callers, and data each test makes for itself. */

export { adminHeaders, customerHeaders } from '../test-support.ts';

/** A slug no other test uses. */
export const uniqueSlug = (base: string) => `${base}-${randomUUID().slice(0, 8)}`;

export async function postCategory(svc: ServiceUnderTest, body: Record<string, unknown>) {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/api/admin/categories',
    headers: adminHeaders(svc),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`category not created: ${res.body}`);
  return res.json().category as { id: string; slug: string; name: string; sort_order: number };
}

export async function postGroup(svc: ServiceUnderTest, categoryId: string, body: Record<string, unknown> = {}) {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/api/admin/groups',
    headers: adminHeaders(svc),
    payload: { category_id: categoryId, name: 'グループ', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`group not created: ${res.body}`);
  return res.json().group as { id: string; name: string; category_id: string };
}

/** A character stored directly (the authoring routes are not under test here). */
export async function storeCharacter(svc: ServiceUnderTest, fields: Partial<Character> = {}): Promise<Character> {
  const id = randomUUID();
  return openCharacters(svc.platform.store).insertOne({
    _id: id,
    name: `キャラ${id.slice(0, 4)}`,
    description: '',
    slug: `c-${id}`,
    published_at: null,
    created_at: new Date().toISOString(),
    ...fields,
  });
}

export interface AuditEntry {
  admin_id: string;
  action: string;
  detail?: unknown;
}

/** Collects every admin.acted event the service publishes (the audit log's source), from now on. */
export async function auditLog(svc: ServiceUnderTest): Promise<{ entries: AuditEntry[]; close(): Promise<void> }> {
  const entries: AuditEntry[] = [];
  const sub = await svc.platform.events.consume(`taxonomy-audit-${randomUUID()}`, ['admin.acted'], async (e) => {
    entries.push(e.data);
  });
  return { entries, close: () => sub.close() };
}
