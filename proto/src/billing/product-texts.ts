import { Type, type Static } from '@sinclair/typebox';
import { translationsOf } from '../identity/localized.ts';
import { Iso } from './common.ts';

/** Product and plan names in the other interface languages (services/billing/API.md § Product names in every language). */

/** A product's or plan's name besides Japanese: at most 100 characters each. */
export const NameTranslations = translationsOf(
  100,
  'the name in the other interface languages; a language left out or empty shows the Japanese `name`',
);
export type NameTranslations = Static<typeof NameTranslations>;

/** What carries translated names: a pack's product_id (tickets-5), `plan:{plan_code}`; characters' names come from the catalog. */
export const ProductTextKey = Type.String({ minLength: 1, maxLength: 130, pattern: '^[A-Za-z0-9_:.-]+$' });

export const ProductTextView = Type.Object({
  key: ProductTextKey,
  kind: Type.Union([Type.Literal('tickets'), Type.Literal('points'), Type.Literal('subscription')]),
  name: Type.String({ description: 'the Japanese name (fixed with the product)' }),
  name_i18n: NameTranslations,
  edited_at: Type.Union([Iso, Type.Null()], {
    description: 'null: the shipped translations, never edited by an operator',
  }),
});
export type ProductTextView = Static<typeof ProductTextView>;

export const ProductTextsReply = Type.Object({ ok: Type.Literal(true), texts: Type.Array(ProductTextView) });
export type ProductTextsReply = Static<typeof ProductTextsReply>;

export const ProductTextReply = Type.Object({ ok: Type.Literal(true), text: ProductTextView });
export type ProductTextReply = Static<typeof ProductTextReply>;

export const ProductTextParams = Type.Object({ key: ProductTextKey });
export type ProductTextParams = Static<typeof ProductTextParams>;

/** Replaces the translations: a language left out or empty shows the Japanese (not the shipped translation). */
export const UpdateProductTextBody = Type.Object({ name_i18n: NameTranslations }, { additionalProperties: false });
export type UpdateProductTextBody = Static<typeof UpdateProductTextBody>;
