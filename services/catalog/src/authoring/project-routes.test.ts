import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { loadPlatformConfig } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { projectSettingsOf } from './project.ts';
import { DEFAULT_GLOSSARY_DIR, glossaryTranslator, readLocales } from './translate/glossary.ts';
import { adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const translate = (payload: Record<string, unknown>, headers = adminHeaders(svc)) =>
  svc.app.inject({ method: 'POST', url: '/api/admin/translate', headers, payload });

describe('admin project settings', () => {
  it('project, standalone, answers the SPEC §9 languages and limits with every adapter embedded and the glossary', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/admin/project', headers: adminHeaders(svc) });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({
      default_language: 'ja-JP',
      slug_max: 100,
      images: { device_widths: { min: 640, max: 3840 }, sizes: { min: 16, max: 384 } },
      translation: { adapter: 'glossary' },
    });
    expect(body.languages).toHaveLength(18);
    expect(Object.values(body.adapters).every((a) => a === 'embedded')).toBe(true);
  });

  it('project settings, adapters configured with credentials in their URLs, tell only that they are configured', () => {
    const config = loadPlatformConfig({
      JWT_SECRET: 'x'.repeat(40),
      BUS_URL: 'redis://user:hunter2@redis:6379',
      MAIL_URL: 'smtp://mailer:s3cret@mail:587',
    });
    const settings = projectSettingsOf(config, glossaryTranslator(new Map()));
    expect(settings.adapters).toMatchObject({ bus: 'configured', mail: 'configured', store: 'embedded' });
    expect(JSON.stringify(settings)).not.toMatch(/hunter2|s3cret/);
  });

  it('project, as a customer, is refused 403', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: '/api/admin/project',
      headers: { authorization: `Bearer ${svc.tokenFor('u-1')}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('admin translate (embedded glossary)', () => {
  it("translate, an interface string of the web client, answers the same key's text in the target language", async () => {
    const locales = await readLocales(DEFAULT_GLOSSARY_DIR);
    const japanese = locales.get('ja-JP')?.get('common.loading');
    const english = locales.get('en-US')?.get('common.loading');
    const res = await translate({ text: japanese, target: 'en-US' });
    expect(english).toBeTruthy();
    expect(res.json()).toEqual({ ok: true, text: english, target: 'en-US', available: true });
  });

  it('translate, free text or a language without bundled strings, answers available false with the text itself', async () => {
    const free = await translate({ text: '今日はいい天気ですね', target: 'en-US' });
    const korean = await translate({ text: '読み込み中…', target: 'ko' });
    expect(free.json()).toMatchObject({ text: '今日はいい天気ですね', available: false });
    expect(korean.json()).toMatchObject({ available: false });
  });

  it('translate, empty or over 5000 characters or an unknown language, answers 400', async () => {
    expect((await translate({ text: '' })).statusCode).toBe(400);
    expect((await translate({ text: 'あ'.repeat(5001) })).statusCode).toBe(400);
    expect((await translate({ text: 'こんにちは', target: 'xx-XX' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'target',
    });
  });

  it('translate, anonymous, is refused 401', async () => {
    expect((await translate({ text: 'こんにちは' }, {} as ReturnType<typeof adminHeaders>)).statusCode).toBe(401);
  });
});
