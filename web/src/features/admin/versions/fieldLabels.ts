import type { TFunction } from 'i18next';

/**
 * The words an operator reads for a changed field: the label the field has on
 * its own form (block panel, clip editor, initial settings, lists), so a diff
 * says 「ヒットワード」 and never `hit_words`.
 */
export type DiffArea = 'block' | 'video' | 'setting' | 'list';

const KEYS: Record<DiffArea, (field: string) => string[]> = {
  block: (f) => [`blocks.field.${f}`],
  video: (f) => [`videos.field.${f}`, `versions.videoField.${f}`],
  setting: (f) => [`characters.setting.${f}`],
  list: (f) => [`versions.listField.${f}`],
};

export function fieldLabel(t: TFunction<'admin'>, area: DiffArea, field: string): string {
  return t(KEYS[area](field), { defaultValue: field });
}

const MAX_TEXT = 160;

/** Block and clip titles by id (CharacterDiff.names). */
export type DiffNames = { blocks: Record<string, string>; videos: Record<string, string> };
const NO_NAMES: DiffNames = { blocks: {}, videos: {} };

/** The titles a field's ids are named by: block fields' and clip fields' (by the field's name), else none. */
function titlesFor(field: string, names: DiffNames): Record<string, string> {
  if (/block(_id|_ids|s)?$/.test(field)) return names.blocks;
  if (/video(_id|_ids|s)?$/.test(field)) return names.videos;
  return {};
}

/**
 * A value in a line: words for yes/no and nothing, lists joined, ids of blocks and clips by their titles,
 * routes and buttons in words, anything else as short JSON.
 */
export function valueText(t: TFunction<'admin'>, value: unknown, field = '', names: DiffNames = NO_NAMES): string {
  const titles = titlesFor(field, names);
  if (value === null || value === undefined) return t('versions.none');
  if (typeof value === 'boolean') return value ? t('versions.on') : t('versions.off');
  if (typeof value === 'string') return value === '' ? t('versions.empty') : clipped(titles[value] ?? value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((x) => typeof x === 'string' || typeof x === 'number'))
    return value.length === 0 ? t('versions.empty') : clipped(value.map((x) => titles[x] ?? x).join('、'));
  if (Array.isArray(value)) return clipped(value.map((item) => itemText(t, item, names)).join(' / '));
  return clipped(JSON.stringify(value));
}

/** One element of a list field: a hit-word route as its words and the block it leads to, a button or item by its title. */
function itemText(t: TFunction<'admin'>, item: unknown, names: DiffNames): string {
  const o = (item ?? {}) as Record<string, unknown>;
  if (Array.isArray(o.words) && typeof o.block_id === 'string')
    return t('versions.route', {
      words: o.words.join('・'),
      block: names.blocks[o.block_id] ?? o.block_id,
      interpolation: { escapeValue: false },
    });
  if (typeof o.word === 'string' && Array.isArray(o.synonyms)) return `${o.word}＝${o.synonyms.join('・')}`;
  if (typeof o.title === 'string' && o.title) return o.title;
  return JSON.stringify(item);
}

const clipped = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
