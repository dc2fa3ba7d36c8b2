import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTranslateConfig } from './config.ts';
import { flattenStrings, glossaryTranslator } from './glossary.ts';
import { httpTranslator } from './http.ts';
import { translatorFrom } from './index.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A DeepL-like endpoint on the loopback interface that records what it was sent. */
async function fakeApi(answer: (body: URLSearchParams, req: IncomingMessage) => [number, string]): Promise<string> {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const [status, body] = answer(new URLSearchParams(raw), req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}/v2/translate`;
}

describe('translation adapters', () => {
  it('glossary, nested locale files, maps a Japanese string to the same key in the target language', async () => {
    const locales = new Map([
      ['ja-JP', flattenStrings({ a: { b: '保存する' } })],
      ['en-US', flattenStrings({ a: { b: 'Save' } })],
    ]);
    const glossary = glossaryTranslator(locales);
    expect(await glossary.translate(' 保存する ', 'en-US')).toEqual({ text: 'Save', available: true });
    expect(await glossary.translate('保存する', 'zh-TW')).toEqual({ text: '保存する', available: false });
  });

  it('http, a DeepL-compatible API, sends text, target_lang and the key, and answers its translation', async () => {
    const seen: Array<{ text: string | null; target: string | null; auth: string | undefined }> = [];
    const url = await fakeApi((body, req) => {
      seen.push({ text: body.get('text'), target: body.get('target_lang'), auth: req.headers.authorization });
      return [200, JSON.stringify({ translations: [{ detected_source_language: 'JA', text: 'Hello' }] })];
    });
    const result = await httpTranslator(url, 'key-123').translate('こんにちは', 'en-US');
    expect(result).toEqual({ text: 'Hello', available: true });
    expect(seen).toEqual([{ text: 'こんにちは', target: 'EN-US', auth: 'DeepL-Auth-Key key-123' }]);
  });

  it('http, the API failing or unreachable, answers 503 UNAVAILABLE with a Japanese message; a language it lacks is not available', async () => {
    const url = await fakeApi(() => [456, '{"message":"Quota exceeded"}']);
    const translator = httpTranslator(url, 'k');
    await expect(translator.translate('こんにちは', 'en-US')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
    });
    await expect(
      httpTranslator('http://127.0.0.1:1/v2/translate', 'k').translate('こんにちは', 'en-US'),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(await translator.translate('こんにちは', 'fil-PH')).toEqual({ text: 'こんにちは', available: false });
  });

  it('configuration, TRANSLATE_URL with its key, chooses the HTTP adapter; without a key it refuses to start; a bad URL names the variable', async () => {
    expect(
      (
        await translatorFrom(
          loadTranslateConfig({ TRANSLATE_URL: 'https://api.example.test/v2/translate', TRANSLATE_API_KEY: 'k' }),
        )
      ).kind,
    ).toBe('http');
    expect((await translatorFrom(loadTranslateConfig({}))).kind).toBe('glossary');
    await expect(
      translatorFrom(loadTranslateConfig({ TRANSLATE_URL: 'https://api.example.test/v2/translate' })),
    ).rejects.toThrow(/TRANSLATE_API_KEY/);
    expect(() => loadTranslateConfig({ TRANSLATE_URL: 'ftp://nope' })).toThrow(/TRANSLATE_URL/);
  });
});
