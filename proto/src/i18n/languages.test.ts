import { describe, expect, it } from 'vitest';
import { TalkLanguage } from '../dialogue/language.ts';
import { InterfaceLanguage } from '../identity/language.ts';
import { INTERFACE_LANGUAGES } from './index.ts';

// The two schemas spell their literals out (a union mapped from the constant loses its literal types in
// the routes that use it); this keeps them equal to the one list every other part imports.
const literalsOf = (schema: { anyOf: { const: string }[] }) => schema.anyOf.map((member) => member.const);

describe('the four languages', () => {
  it('TalkLanguage and InterfaceLanguage, as schemas, list exactly INTERFACE_LANGUAGES in its order', () => {
    expect(literalsOf(TalkLanguage)).toEqual([...INTERFACE_LANGUAGES]);
    expect(literalsOf(InterfaceLanguage)).toEqual([...INTERFACE_LANGUAGES]);
  });
});
