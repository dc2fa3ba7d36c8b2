import { useTranslation } from 'react-i18next';
import type { ActionButton, HitWord } from '@talkwith/proto/dialogue';
import { ADMIN_NS } from '../i18n.ts';
import { TranslationsField } from '../translations/TranslationsField.tsx';
import { RefSelect, type RefOptions } from './RefPickers.tsx';
import { WordsInput } from './WordsInput.tsx';
import { WordsPerLanguage } from './WordsPerLanguage.tsx';

/** Editors for the two lists of records in a block: hit words and action buttons. */

interface RowsProps<T> {
  value: T[];
  options: RefOptions;
  disabled: boolean;
  onChange: (value: T[]) => void;
}

export function HitWordsEditor({ value, options, disabled, onChange }: RowsProps<HitWord>) {
  const { t } = useTranslation(ADMIN_NS);
  const set = (i: number, row: Partial<HitWord>) => onChange(value.map((h, j) => (j === i ? { ...h, ...row } : h)));
  return (
    <div className="bg-rows">
      {value.map((hit, i) => (
        <fieldset key={i} className="bg-row" disabled={disabled}>
          <legend className="small muted">{t('blocks.hitWords.row', { n: i + 1 })}</legend>
          <WordsInput
            words={hit.words}
            label={t('blocks.hitWords.words')}
            hint={t('blocks.hitWords.wordsHint')}
            onChange={(words) => set(i, { words })}
          />
          <WordsPerLanguage
            japanese={hit.words}
            value={hit.words_i18n}
            onChange={(words_i18n) => set(i, { words_i18n })}
          />
          <RefSelect
            label={t('blocks.hitWords.target')}
            value={hit.block_id || null}
            options={options.block}
            disabled={disabled}
            onChange={(id) => set(i, { block_id: id ?? '' })}
          />
          <div className="bg-row__pair">
            <RefSelect
              label={t('blocks.hitWords.slot')}
              value={hit.slot?.name ?? null}
              options={options.slot}
              disabled={disabled}
              onChange={(name) => set(i, { slot: name ? { name, value: hit.slot?.value ?? '' } : null })}
            />
            {hit.slot && (
              <input
                className="field__input"
                aria-label={t('blocks.hitWords.slotValue')}
                placeholder={t('blocks.hitWords.slotValueHint')}
                value={hit.slot.value}
                onChange={(e) => set(i, { slot: { name: hit.slot?.name ?? '', value: e.target.value } })}
              />
            )}
          </div>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            {t('blocks.panel.removeRow')}
          </button>
        </fieldset>
      ))}
      {!disabled && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => onChange([...value, { words: [], block_id: '', slot: null }])}
        >
          {t('blocks.hitWords.add')}
        </button>
      )}
    </div>
  );
}

const KINDS: ActionButton['kind'][] = ['block', 'video', 'end'];

function nextButtonId(value: ActionButton[]): string {
  for (let n = value.length + 1; ; n += 1) if (!value.some((b) => b.id === `button${n}`)) return `button${n}`;
}

export function ActionButtonsEditor({ value, options, disabled, onChange }: RowsProps<ActionButton>) {
  const { t } = useTranslation(ADMIN_NS);
  const set = (i: number, row: Partial<ActionButton>) =>
    onChange(value.map((b, j) => (j === i ? { ...b, ...row } : b)));
  return (
    <div className="bg-rows">
      {value.map((button, i) => (
        <fieldset key={i} className="bg-row" disabled={disabled}>
          <legend className="small muted">{button.id}</legend>
          <input
            className="field__input"
            aria-label={t('blocks.buttons.title')}
            value={button.title}
            onChange={(e) => set(i, { title: e.target.value })}
          />
          <TranslationsField
            label={t('blocks.buttons.title')}
            japanese={button.title}
            value={button.title_i18n}
            onChange={(title_i18n) => set(i, { title_i18n })}
            maxLength={200}
            disabled={Boolean(disabled)}
          />
          <select
            className="field__input"
            aria-label={t('blocks.buttons.kind')}
            value={button.kind}
            onChange={(e) => set(i, { kind: e.target.value as ActionButton['kind'] })}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`blocks.buttons.kinds.${k}`)}
              </option>
            ))}
          </select>
          {button.kind === 'block' && (
            <RefSelect
              label={t('blocks.buttons.block')}
              value={button.block_id}
              options={options.block}
              disabled={disabled}
              onChange={(id) => set(i, { block_id: id })}
            />
          )}
          {button.kind === 'video' && (
            <RefSelect
              label={t('blocks.buttons.video')}
              value={button.video_id}
              options={options.video}
              disabled={disabled}
              onChange={(id) => set(i, { video_id: id })}
            />
          )}
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            {t('blocks.panel.removeRow')}
          </button>
        </fieldset>
      ))}
      {!disabled && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() =>
            onChange([...value, { id: nextButtonId(value), title: '', kind: 'block', block_id: null, video_id: null }])
          }
        >
          {t('blocks.buttons.add')}
        </button>
      )}
    </div>
  );
}
