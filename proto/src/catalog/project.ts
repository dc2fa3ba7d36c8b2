import { Type, type Static } from '@sinclair/typebox';

/** Project settings (GET /api/admin/project) and translation (POST /api/admin/translate). */

/** SPEC §9: default language and every supported one. */
export const DEFAULT_LANGUAGE = 'ja-JP';
export const SUPPORTED_LANGUAGES = [
  'ja-JP',
  'en-US',
  'zh-TW',
  'fil-PH',
  'ko',
  'vi',
  'th',
  'id',
  'ms',
  'hi',
  'bn',
  'ru',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'nl',
] as const;
export const Language = Type.Union(SUPPORTED_LANGUAGES.map((language) => Type.Literal(language)));
export type Language = Static<typeof Language>;

const Range = Type.Object({ min: Type.Integer(), max: Type.Integer() });

export const ProjectSettings = Type.Object({
  ok: Type.Literal(true),
  default_language: Type.String(),
  languages: Type.Array(Type.String()),
  slug_max: Type.Integer(),
  images: Type.Object({ device_widths: Range, sizes: Range, description: Type.String() }),
  uploads: Type.Object({ json_import_max_bytes: Type.Integer(), request_body_max_bytes: Type.Integer() }),
  adapters: Type.Record(Type.String(), Type.Union([Type.Literal('embedded'), Type.Literal('configured')]), {
    description: 'port → whether a production adapter is configured (never its URL or secrets)',
  }),
  translation: Type.Object({ adapter: Type.Union([Type.Literal('glossary'), Type.Literal('http')]) }),
});
export type ProjectSettings = Static<typeof ProjectSettings>;

export const TranslateBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 5000 }),
    target: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type TranslateBody = Static<typeof TranslateBody>;
export const TranslateReply = Type.Object({
  ok: Type.Literal(true),
  text: Type.String({ description: 'the translation; the text itself when none is available' }),
  target: Type.String(),
  available: Type.Boolean({
    description: 'false: the adapter has no translation for this text (the glossary knows only interface strings)',
  }),
});
export type TranslateReply = Static<typeof TranslateReply>;
