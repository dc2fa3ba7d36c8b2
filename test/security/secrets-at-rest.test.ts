import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest } from '@talkwith/platform/platform';
import { credentialCipherFrom, type CredentialCipher } from '@talkwith/platform/secrets';
import { catalogService } from '../../services/catalog/src/index.ts';
import { dialogueService } from '../../services/dialogue/src/index.ts';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { admin, bearer, startSecurityGateway, TEST_ADMIN_PREFIX, type Account, type TestGateway } from './harness.ts';
import { eventually } from '../../gateway/src/test-gateway.ts';

/**
 * A character's SPJ key and google_key at rest, on the standalone gateway
 * (nothing configured: the key and IV are generated under DATA_DIR): stored
 * sealed in catalog's store, sealed in the event to dialogue and in
 * dialogue's store, never in clear in any file under DATA_DIR, shown masked
 * to the admin; and a service alone refusing to start with SPEC §5's
 * Japanese errors when the key or IV is missing or malformed.
 */
let gw: TestGateway;
let operator: Account;
beforeAll(async () => {
  gw = await startSecurityGateway();
  operator = await admin(gw);
}, 60_000);

/** Standalone generated the key and IV into DATA_DIR/secrets.json beside the JWT secret. */
async function standaloneCipher(): Promise<CredentialCipher> {
  return credentialCipherFrom(
    JSON.parse(await readFile(join(gw.dir, 'secrets.json'), 'utf8')) as Record<string, string>,
  );
}
afterAll(async () => {
  await gw?.close();
});

const adminUrl = (path: string) => `/api/${TEST_ADMIN_PREFIX}${path}`;
const SPJ_KEY = `spj-at-rest-${Date.now()}-Kq7`;
const GOOGLE_KEY = `AIzaSy-at-rest-${Date.now()}-Zx9`;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe("secrets at rest: a character's keys", () => {
  it("setting PUT then publish, the keys are sealed in catalog's store, in the event and in dialogue's store, open to what was sent, and no file holds them in clear", async () => {
    const created = await gw.app.inject({
      method: 'POST',
      url: adminUrl('/characters'),
      headers: bearer(operator),
      payload: { name: '鍵テスト' },
    });
    const id = created.json().character.id as string;
    const imported = await gw.app.inject({
      method: 'POST',
      url: adminUrl('/characters/jsonUpload'),
      headers: bearer(operator),
      payload: { character_id: id, dry_run: false, character: demoCharacter },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const put = await gw.app.inject({
      method: 'PUT',
      url: adminUrl(`/characters/${id}`),
      headers: bearer(operator),
      payload: { setting: { spj_api_key: SPJ_KEY, google_key: GOOGLE_KEY } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().character.setting).toMatchObject({
      spj_api_key: `${'*'.repeat(SPJ_KEY.length - 3)}Kq7`,
      google_key: `${'*'.repeat(GOOGLE_KEY.length - 3)}Zx9`,
    });
    const published = await gw.app.inject({
      method: 'POST',
      url: adminUrl(`/characters/${id}/publish`),
      headers: bearer(operator),
    });
    expect(published.statusCode, published.body).toBe(200);

    const stored = await gw.platform.store
      .collection<{ _id: string; setting: Record<string, string>; dialogue: { setting: Record<string, string> } }>(
        'characters',
      )
      .findOne({ _id: id });
    const known = await eventually(async () =>
      gw.platform.store
        .collection<{ _id: string; recognition: Record<string, string> }>('recognition_characters')
        .findOne({ _id: id }),
    );

    for (const file of await filesUnder(gw.dir)) {
      const bytes = await readFile(file);
      expect(bytes.includes(SPJ_KEY), file).toBe(false);
      expect(bytes.includes(GOOGLE_KEY), file).toBe(false);
    }
    const cipher = await standaloneCipher();
    for (const setting of [stored!.setting, stored!.dialogue.setting, known!.recognition]) {
      expect(setting.spj_api_key).toMatch(/^enc:v1:/);
      expect(setting.google_key).toMatch(/^enc:v1:/);
      expect(cipher.open('spj_api_key', setting.spj_api_key!)).toBe(SPJ_KEY);
      expect(cipher.open('google_key', setting.google_key!)).toBe(GOOGLE_KEY);
    }
  });
});

describe('secrets at rest: start-up checks', () => {
  const KEY = 'ab'.repeat(32);
  const IV = 'cd'.repeat(16);

  it('catalog alone, the IV not set, refuses to start with the Japanese message', async () => {
    await expect(startServiceForTest(catalogService, { CREDENTIALS_KEY: KEY, CREDENTIALS_IV: '' })).rejects.toThrow(
      /CREDENTIALS_IV: 暗号化のIVが設定されていません/,
    );
  });

  it('dialogue alone, neither key nor IV set, refuses to start naming both', async () => {
    await expect(startServiceForTest(dialogueService, { CREDENTIALS_KEY: '', CREDENTIALS_IV: '' })).rejects.toThrow(
      /暗号化キーが設定されていません[\s\S]*暗号化のIVが設定されていません/,
    );
  });

  it('catalog alone, a key of 31 bytes or an IV of 12, refuses to start: the key or IV length is invalid', async () => {
    await expect(
      startServiceForTest(catalogService, { CREDENTIALS_KEY: 'ab'.repeat(31), CREDENTIALS_IV: IV }),
    ).rejects.toThrow(/暗号化キーまたはIVの長さが正しくありません/);
    await expect(
      startServiceForTest(catalogService, { CREDENTIALS_KEY: KEY, CREDENTIALS_IV: 'cd'.repeat(12) }),
    ).rejects.toThrow(/暗号化キーまたはIVの長さが正しくありません/);
  });
});
