import type { TSchema } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { CharacterList, PlayableCharacter } from '@talkwith/proto/catalog';
import { openCharacters } from './characters.ts';
import { catalogService } from './index.ts';

const SECRET_NAME = /key|secret|token|password|credential/iu;

/** Every property name a schema allows, at any depth (objects, arrays, unions, records). */
function propertyNames(schema: TSchema, seen = new Set<TSchema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const names: string[] = [];
  for (const [name, sub] of Object.entries((s.properties ?? {}) as Record<string, TSchema>))
    names.push(name, ...propertyNames(sub, seen));
  for (const field of ['items', 'additionalProperties', 'not'])
    if (s[field] && typeof s[field] === 'object') names.push(...propertyNames(s[field] as TSchema, seen));
  for (const field of ['anyOf', 'allOf', 'oneOf'])
    for (const sub of (s[field] ?? []) as TSchema[]) names.push(...propertyNames(sub, seen));
  for (const sub of Object.values((s.patternProperties ?? {}) as Record<string, TSchema>))
    names.push(...propertyNames(sub, seen));
  return names;
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

describe('public character view', () => {
  it('public schemas, walked to every depth, name no secret-looking field', () => {
    expect(propertyNames(PlayableCharacter).filter((n) => SECRET_NAME.test(n))).toEqual([]);
    expect(propertyNames(CharacterList).filter((n) => SECRET_NAME.test(n))).toEqual([]);
  });

  it('by-slug and by-id, a character whose settings hold SPJ and Google keys, answer without the keys or their values', async () => {
    const characters = openCharacters(svc.platform.store);
    await eventually(async () => ((await characters.findOne({ _id: 'demo-mirai' }))?.dialogue ? true : undefined));
    await characters.updateOne(
      { _id: 'demo-mirai' },
      { $set: { 'dialogue.setting.spj_api_key': 'spj-live-SECRET-1', 'dialogue.setting.google_key': 'AIza-SECRET-2' } },
    );

    for (const url of ['/api/characters/by-slug/mirai', '/api/character/demo-mirai/get']) {
      const res = await svc.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/SECRET-1|SECRET-2/u);
      expect(keysOf(res.json()).filter((k) => SECRET_NAME.test(k))).toEqual([]);
      expect(res.json().character.dialogue.setting.speech_to_text_configured).toBe(true);
    }
  });
});
