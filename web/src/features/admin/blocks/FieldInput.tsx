import type { ActionButton, Block, HitWord } from '@talkwith/proto/dialogue';
import { widgetOf, type BlockField } from './blockFields.ts';
import { RefChips, RefSelect, type RefOptions } from './RefPickers.tsx';
import type { Translations } from '@talkwith/proto/identity';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import { TranslationsField } from '../translations/TranslationsField.tsx';
import { ActionButtonsEditor, HitWordsEditor } from './RowEditors.tsx';

interface Props {
  field: BlockField;
  inputId: string;
  draft: Block;
  options: RefOptions;
  disabled: boolean;
  onChange: (field: BlockField, value: unknown) => void;
}

/** An integer input keeps what was typed until it parses, so the schema check can say what is wrong with it. */
const numberOrText = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** The input of one Block field, chosen from its proto schema (blockFields.widgetOf). */
export function FieldInput({ field, inputId, draft, options, disabled, onChange }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const widget = widgetOf(field);
  const value = draft[field] as unknown;
  const set = (v: unknown) => onChange(field, v);
  switch (widget.kind) {
    case 'readonly':
      return <input id={inputId} className="field__input" value={String(value)} disabled readOnly />;
    case 'flag':
      return (
        <input
          id={inputId}
          type="checkbox"
          className="bg-flag"
          checked={value === true}
          disabled={disabled}
          onChange={(e) => set(e.target.checked)}
        />
      );
    case 'integer':
      return (
        <input
          id={inputId}
          className="field__input"
          inputMode="numeric"
          value={String(value)}
          disabled={disabled}
          onChange={(e) => set(numberOrText(e.target.value))}
        />
      );
    case 'nullableNumber':
      return (
        <input
          id={inputId}
          className="field__input"
          inputMode="numeric"
          value={value === null ? '' : String(value)}
          disabled={disabled}
          onChange={(e) => set(e.target.value.trim() === '' ? null : numberOrText(e.target.value))}
        />
      );
    case 'text':
      return (
        <input
          id={inputId}
          className="field__input"
          value={String(value)}
          disabled={disabled}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'nullableText':
      return (
        <input
          id={inputId}
          className="field__input"
          value={(value as string | null) ?? ''}
          disabled={disabled}
          onChange={(e) => set(e.target.value === '' ? null : e.target.value)}
        />
      );
    case 'ref':
      return (
        <RefSelect
          id={inputId}
          value={value as string | null}
          options={options[widget.ref]}
          disabled={disabled}
          onChange={set}
        />
      );
    case 'refList':
      return (
        <RefChips
          id={inputId}
          value={value as string[]}
          options={options[widget.ref]}
          disabled={disabled}
          onChange={set}
        />
      );
    case 'hitWords':
      return <HitWordsEditor value={value as HitWord[]} options={options} disabled={disabled} onChange={set} />;
    case 'translations':
      // The title customers see in their talk history, in the other interface languages.
      return (
        <TranslationsField
          label={t('blocks.field.title')}
          japanese={draft.title}
          value={value as Translations | undefined}
          onChange={set}
          maxLength={200}
          disabled={disabled}
        />
      );
    case 'actionButtons':
      return (
        <ActionButtonsEditor value={value as ActionButton[]} options={options} disabled={disabled} onChange={set} />
      );
  }
}
