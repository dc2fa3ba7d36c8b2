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

/** A value in a line: words for yes/no and nothing, lists joined, anything nested as short JSON. */
export function valueText(t: TFunction<'admin'>, value: unknown): string {
  if (value === null || value === undefined) return t('versions.none');
  if (typeof value === 'boolean') return value ? t('versions.on') : t('versions.off');
  if (typeof value === 'string') return value === '' ? t('versions.empty') : clipped(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((x) => typeof x === 'string' || typeof x === 'number'))
    return value.length === 0 ? t('versions.empty') : clipped(value.join('、'));
  return clipped(JSON.stringify(value));
}

const clipped = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
