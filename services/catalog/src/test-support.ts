import type { ServiceUnderTest } from '@talkwith/platform/platform';

/** Callers and data shared by the catalog's API tests (authoring, media, taxonomy); each test still makes its own data. */

export const adminHeaders = (svc: ServiceUnderTest, sub = 'admin-1'): Record<string, string> => ({ authorization: `Bearer ${svc.tokenFor(sub, ['admin'])}` });
export const customerHeaders = (svc: ServiceUnderTest): Record<string, string> => ({ authorization: `Bearer ${svc.tokenFor('customer-1', ['customer'])}` });

/** A new, unpublished character added through the admin route; its id. */
export async function addCharacterFor(svc: ServiceUnderTest, payload: Record<string, unknown> = {}): Promise<string> {
  const res = await svc.app.inject({ method: 'POST', url: '/api/admin/characters', headers: adminHeaders(svc), payload: { name: 'テスト', ...payload } });
  if (res.statusCode !== 201) throw new Error(`add character answered ${res.statusCode}: ${res.body}`);
  return res.json().character.id as string;
}
