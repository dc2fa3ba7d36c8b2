import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from './index.ts';
import { openCharacters } from './characters.ts';
import { sealStoredCredentials } from './credentials-at-rest.ts';
import { defaultSetting } from './model.ts';
import { opened, testCredentials } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

describe('sealStoredCredentials', () => {
  it('sealStoredCredentials, keys stored in clear before sealing existed, seals them in the draft and the snapshot and leaves sealed ones alone', async () => {
    const id = `legacy-${Date.now()}`;
    const setting = { ...defaultSetting(id), spj_api_key: 'legacy-spj', google_key: 'legacy-google' };
    const alreadySealed = testCredentials.seal('spj_api_key', 'sealed-before');
    await openCharacters(svc.platform.store).insertOne({
      _id: id,
      name: '旧データ',
      description: '',
      published_at: null,
      created_at: new Date().toISOString(),
      setting,
      dialogue: { setting: { ...setting, spj_api_key: alreadySealed } } as never,
    });

    await sealStoredCredentials(svc.platform.store, testCredentials);

    const after = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(after?.setting?.spj_api_key).toMatch(/^enc:v1:/);
    expect(opened(after?.setting)).toMatchObject({ spj_api_key: 'legacy-spj', google_key: 'legacy-google' });
    expect(after?.dialogue?.setting.spj_api_key).toBe(alreadySealed);
    expect(opened(after?.dialogue?.setting)).toMatchObject({
      spj_api_key: 'sealed-before',
      google_key: 'legacy-google',
    });
    expect(await sealStoredCredentials(svc.platform.store, testCredentials)).toBe(0);
  });
});
