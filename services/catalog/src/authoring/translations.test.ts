import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { localized } from '@talkwith/proto/identity';
import { catalogService } from '../index.ts';
import { addCharacterFor, adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  svc.app.inject({
    method,
    url,
    headers: adminHeaders(svc),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const publishedDemo = async (patch: Record<string, unknown>) => {
  const id = await addCharacterFor(svc, { name: 'みらい', description: '未来から来た案内役' });
  await inject('POST', '/api/admin/characters/jsonUpload', {
    character_id: id,
    dry_run: false,
    character: demoCharacter,
  });
  expect((await inject('PUT', `/api/admin/characters/${id}`, patch)).statusCode).toBe(200);
  await inject('POST', `/api/admin/characters/${id}/publish`);
  return (await svc.app.inject({ method: 'GET', url: `/api/character/${id}/get` })).json().character;
};

describe('characters in every language', () => {
  it('when an operator translated the name, description and a start button, players receive them; an empty language falls back', async () => {
    const [first, ...rest] = demoCharacter.startButtons;
    const startButtons = [{ ...first!, title_i18n: { 'en-US': 'Talk', 'zh-TW': '' } }, ...rest];

    const character = await publishedDemo({
      name_i18n: { 'en-US': ' Mirai ', 'zh-TW': '未來' },
      description_i18n: { 'en-US': 'A guide from the future' },
      draft: { startButtons },
    });

    expect(character.name_i18n).toEqual({ 'en-US': 'Mirai', 'zh-TW': '未來' });
    expect(localized(character.description, character.description_i18n, 'fil-PH')).toBe('未来から来た案内役');
    const button = character.dialogue.startButtons.find((b: { id: string }) => b.id === first!.id);
    expect(localized(button.title, button.title_i18n, 'en-US')).toBe('Talk');
    expect(localized(button.title, button.title_i18n, 'zh-TW')).toBe(first!.title);
  });

  it('when a character has no translations (written before them), it is served with the Japanese only', async () => {
    const character = await publishedDemo({ price: 0 });

    expect(character.name_i18n).toBeUndefined();
    expect(localized(character.name, character.name_i18n, 'en-US')).toBe('みらい');
  });

  it('when a translation names an unknown language or is too long, answers 400 and stores nothing', async () => {
    const id = await addCharacterFor(svc, { name: 'さくら' });

    const unknown = await inject('PUT', `/api/admin/characters/${id}`, { name_i18n: { ko: '사쿠라' } });
    const tooLong = await inject('PUT', `/api/admin/characters/${id}`, { name_i18n: { 'en-US': 'S'.repeat(201) } });
    const buttonTooLong = await inject('PUT', `/api/admin/characters/${id}`, {
      draft: {
        startButtons: [
          { id: 's1', character_id: id, title: '話す', block_id: 'b1', title_i18n: { 'en-US': 'x'.repeat(201) } },
        ],
      },
    });

    expect([unknown.statusCode, tooLong.statusCode, buttonTooLong.statusCode]).toEqual([400, 400, 400]);
    expect((await inject('GET', `/api/admin/characters/${id}`)).json().character.name_i18n).toEqual({});
  });
});
