import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingPatch, type AdminCharacter } from '@talkwith/proto/catalog';
import type { Character, CharacterSetting } from '@talkwith/proto/dialogue';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { byLabel, pickerLabel } from '../pickerLabel.ts';
import { useAdminUpdateCharacterMutation } from './charactersApi.ts';
import { CredentialField } from './CredentialField.tsx';
import { SelectField, SwitchField, type Choice } from './fields.tsx';
import { useSchemaErrors } from './schemaErrors.ts';
import { placeServerError, serverErrorOf } from './serverError.ts';
import { defaultOf, fieldsOfKind, SETTING_FIELDS, type SettingField } from './settingFields.ts';

type Values = Record<SettingField, unknown>;
type Credential = 'spj_api_key' | 'google_key';

/** The patch a save sends: every plain field as edited; a credential only when a new one was typed (absent = kept). */
export function settingPatchOf(
  values: Values,
  typedKeys: Partial<Record<Credential, string>>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of Object.keys(SETTING_FIELDS) as SettingField[]) {
    if (SETTING_FIELDS[field] === 'credential') continue;
    const value = values[field];
    patch[field] = SETTING_FIELDS[field] === 'number' && value !== '' ? Number(value) : value;
  }
  for (const [field, typed] of Object.entries(typedKeys)) if (typed) patch[field] = typed;
  return patch;
}

const pickerChoices = (
  draft: Character | undefined,
  character: AdminCharacter,
): Record<'video' | 'block' | 'startButton', Choice[]> => ({
  video: byLabel((draft?.videos ?? []).map((v) => ({ value: v.id, label: pickerLabel(v.title, v.id) }))),
  block: (draft?.blocks ?? []).map((b) => ({ value: b.id, label: pickerLabel(b.title, b.id) })),
  startButton: character.draft.startButtons.map((s) => ({ value: s.id, label: pickerLabel(s.title, s.id) })),
});

/** Every CharacterSetting field with its Japanese label and schema default; pickers for the clip, block and start button ones. */
export function SettingForm({ character, draft }: { character: AdminCharacter; draft: Character | undefined }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const check = useSchemaErrors();
  const [update, { isLoading, error, isSuccess, reset }] = useAdminUpdateCharacterMutation();
  const [clearKey, clearing] = useAdminUpdateCharacterMutation();
  const { character_id: _id, ...stored } = character.setting as CharacterSetting;
  const [values, setValues] = useState<Values>(stored);
  const [typed, setTyped] = useState<Partial<Record<Credential, string>>>({});
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = placeServerError(
    serverErrorOf(error ?? clearing.error, t('characters.failed')),
    Object.keys(SETTING_FIELDS),
  );
  const errors = { ...server.fieldErrors, ...checked };
  const choices = pickerChoices(draft, character);
  // Edits not saved yet (changed since the last save; a number typed stays text until sent): leaving the page asks first.
  const [touched, setTouched] = useState(false);
  const set = (field: SettingField, value: unknown) => {
    setValues({ ...values, [field]: value });
    setTouched(true);
    setChecked({});
    reset();
  };
  useLeaveGuard((touched && JSON.stringify(values) !== JSON.stringify(stored)) || Object.values(typed).some(Boolean));
  const label = (field: SettingField) => t(`characters.setting.${field}`);
  const hint = (field: SettingField) => {
    const fallback = defaultOf(field);
    const shown =
      fallback === true
        ? t('characters.setting.on')
        : fallback === false
          ? t('characters.setting.off')
          : fallback === null
            ? t('characters.setting.none')
            : String(fallback);
    return t('characters.setting.defaultIs', { value: shown === '' ? t('characters.setting.empty') : shown });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const patch = settingPatchOf(values, typed);
    const problems = check(SettingPatch, patch);
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await update({ base: apiBase, id: character.id, body: { setting: patch as SettingPatch } });
    if (result.data) {
      setTyped({});
      setTouched(false);
    }
  };
  const clear = (field: Credential) =>
    void clearKey({ base: apiBase, id: character.id, body: { setting: { [field]: '' } } });

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="section-title">{t('characters.setting.title')}</h2>
        {server.topError && <Notice kind="error">{server.topError}</Notice>}
        {isSuccess && <Notice kind="success">{t('characters.saved')}</Notice>}
        <div className="form-grid">
          {fieldsOfKind('video', 'block', 'startButton').map((field) => (
            <SelectField
              key={field}
              name={field}
              label={label(field)}
              hint={hint(field)}
              error={errors[field]}
              emptyLabel={t('characters.setting.none')}
              choices={choices[SETTING_FIELDS[field] as 'video' | 'block' | 'startButton']}
              value={(values[field] as string | null) ?? ''}
              onChange={(e) => set(field, e.target.value || null)}
            />
          ))}
          {fieldsOfKind('text', 'number').map((field) => (
            <Field
              key={field}
              name={field}
              label={label(field)}
              hint={hint(field)}
              error={errors[field]}
              value={String(values[field] ?? '')}
              type={SETTING_FIELDS[field] === 'number' ? 'number' : 'text'}
              onChange={(e) => set(field, e.target.value)}
            />
          ))}
          {(fieldsOfKind('credential') as Credential[]).map((field) => (
            <CredentialField
              key={field}
              label={label(field)}
              masked={character.setting[field]}
              value={typed[field] ?? ''}
              error={errors[field]}
              onChange={(value) => setTyped({ ...typed, [field]: value })}
              onClear={() => clear(field)}
              clearing={clearing.isLoading}
            />
          ))}
        </div>
        <fieldset className="setting-group">
          <legend>{t('characters.setting.switches')}</legend>
          <div className="switch-grid">
            {fieldsOfKind('switch').map((field) => (
              <SwitchField
                key={field}
                name={field}
                label={label(field)}
                hint={hint(field)}
                checked={values[field] === true}
                onChange={(on) => set(field, on)}
              />
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {t('characters.save')}
        </button>
      </form>
    </Card>
  );
}
