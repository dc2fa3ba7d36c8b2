import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translations } from '@talkwith/proto/identity';
import { ADMIN_NS } from '../i18n.ts';
import { sameTranslations } from '../translations/sameTranslations.ts';
import { TranslationsField } from '../translations/TranslationsField.tsx';

interface Translated {
  name_i18n?: Translations;
  description_i18n?: Translations;
}

/** A field's translations in the request: when any was typed, or to clear what was saved (left out otherwise). */
function sent(field: keyof Translated, value: Translations, saved: Translated | undefined): Translated {
  const typed = Object.values(value).some((text) => text?.trim());
  return typed || saved?.[field] ? { [field]: value } : {};
}

/**
 * The translations of a category's or group's name and description, kept
 * beside the form's plain text values: `body` goes into the request, and a
 * create form empties them with its other fields after a success.
 */
export function useTranslatedTexts(saved: Translated | undefined) {
  const [nameI18n, setNameI18n] = useState<Translations>(saved?.name_i18n ?? {});
  const [descriptionI18n, setDescriptionI18n] = useState<Translations>(saved?.description_i18n ?? {});
  return {
    nameI18n,
    setNameI18n,
    descriptionI18n,
    setDescriptionI18n,
    /** Translations typed and not saved yet. */
    dirty: !sameTranslations(nameI18n, saved?.name_i18n) || !sameTranslations(descriptionI18n, saved?.description_i18n),
    body: {
      ...sent('name_i18n', nameI18n, saved),
      ...sent('description_i18n', descriptionI18n, saved),
    },
    /** The form's submit, emptying the translations after a create succeeded (`reset`). */
    thenReset:
      <B,>(onSubmit: (body: B) => Promise<unknown>, reset: boolean) =>
      async (body: B) => {
        const result = await onSubmit(body);
        if (reset) {
          setNameI18n({});
          setDescriptionI18n({});
        }
        return result;
      },
  };
}

/** The two TranslationsFields (each language draftable from the Japanese with 「日本語から下書き」). */
export function TranslatedTexts({
  texts,
  name,
  description,
  nameLabel,
}: {
  texts: ReturnType<typeof useTranslatedTexts>;
  name: string;
  description: string;
  nameLabel: string;
}) {
  const { t: ta } = useTranslation(ADMIN_NS);
  return (
    <div className="taxonomy-form__translations">
      <TranslationsField
        label={nameLabel}
        japanese={name}
        value={texts.nameI18n}
        onChange={texts.setNameI18n}
        maxLength={100}
      />
      <TranslationsField
        label={ta('taxonomy.field.description')}
        japanese={description}
        value={texts.descriptionI18n}
        onChange={texts.setDescriptionI18n}
        maxLength={2000}
        multiline
      />
    </div>
  );
}
