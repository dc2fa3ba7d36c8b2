import { describe, expect, it } from 'vitest';
import { EngineInput, PublicCharacter } from '@talkwith/proto/dialogue';
import { engineInputShapeOf, shapeOf } from './schema-shape.ts';
import { ENGINE_INPUT_SHAPE, PUBLIC_CHARACTER_SHAPE } from './schemas.generated.ts';

const STALE = 'schemas.generated.ts is stale: run `node scripts/gen-engine-schemas.ts`';

describe('generated intake schemas', () => {
  it('schemas.generated, compared with the proto schemas, holds exactly their shape', () => {
    expect(ENGINE_INPUT_SHAPE, STALE).toEqual(engineInputShapeOf(EngineInput));
    expect(PUBLIC_CHARACTER_SHAPE, STALE).toEqual(shapeOf(PublicCharacter));
  });

  it('shapeOf, a schema with descriptions and patterns, keeps only what the intake reads', () => {
    const schema = {
      type: 'object',
      description: 'x',
      properties: { a: { type: 'string', pattern: '^a', default: 'a' } },
      required: ['a'],
      additionalProperties: false,
    };
    expect(shapeOf(schema)).toEqual({
      type: 'object',
      properties: { a: { type: 'string', default: 'a' } },
      required: ['a'],
    });
  });

  it('engineInputShapeOf, the switchCharacter option, leaves its character open and every other option as shapeOf has it', () => {
    const full = shapeOf(EngineInput);

    const cut = engineInputShapeOf(EngineInput);

    const byType = (shape: typeof full) =>
      new Map((shape.anyOf ?? []).map((option) => [option.properties?.type?.const, option]));
    const [before, after] = [byType(full), byType(cut)];
    expect(after.get('switchCharacter')?.properties?.character).toEqual({});
    expect(after.get('switchCharacter')?.required).toEqual(before.get('switchCharacter')?.required);
    expect(Object.keys(before.get('switchCharacter')?.properties?.character?.properties ?? {}).length).toBeGreaterThan(
      10,
    );
    for (const [type, option] of before)
      if (type !== 'switchCharacter') expect(after.get(type), String(type)).toEqual(option);
  });
});
