import { TEST_CREDENTIALS, type ServiceUnderTest } from '@talkwith/platform/platform';
import { credentialCipherFrom } from '@talkwith/platform/secrets';

/** Callers and data shared by the catalog's API tests (authoring, media, taxonomy); each test still makes its own data. */

export const adminHeaders = (svc: ServiceUnderTest, sub = 'admin-1'): Record<string, string> => ({
  authorization: `Bearer ${svc.tokenFor(sub, ['admin'])}`,
});
export const customerHeaders = (svc: ServiceUnderTest): Record<string, string> => ({
  authorization: `Bearer ${svc.tokenFor('customer-1', ['customer'])}`,
});

/** A new, unpublished character added through the admin route; its id. */
export async function addCharacterFor(svc: ServiceUnderTest, payload: Record<string, unknown> = {}): Promise<string> {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/api/admin/characters',
    headers: adminHeaders(svc),
    payload: { name: 'テスト', ...payload },
  });
  if (res.statusCode !== 201) throw new Error(`add character answered ${res.statusCode}: ${res.body}`);
  return res.json().character.id as string;
}

/** The cipher of every catalog under test (startServiceForTest's key and IV). */
export const testCredentials = credentialCipherFrom(TEST_CREDENTIALS);

/** A stored setting (or recognition) with its credentials opened, for comparing with what an admin sent. */
export function opened<T extends { spj_api_key?: string; google_key?: string }>(setting: T | undefined): T | undefined {
  if (!setting) return setting;
  return {
    ...setting,
    ...(setting.spj_api_key === undefined
      ? {}
      : { spj_api_key: testCredentials.open('spj_api_key', setting.spj_api_key) }),
    ...(setting.google_key === undefined ? {} : { google_key: testCredentials.open('google_key', setting.google_key) }),
  };
}
