import type { DocumentStore } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import { SECRET_SETTING_FIELDS, type CharacterSetting } from '@talkwith/proto/dialogue';
import { openCharacters } from './characters.ts';

type Secrets = Pick<CharacterSetting, (typeof SECRET_SETTING_FIELDS)[number]>;

/** The credentials of a setting sealed; undefined when nothing was in clear. */
function sealedSecrets(credentials: CredentialCipher, setting: Secrets | undefined): Secrets | undefined {
  if (!setting || SECRET_SETTING_FIELDS.every((field) => setting[field] === '' || credentials.isSealed(setting[field])))
    return undefined;
  const out = { ...setting };
  for (const field of SECRET_SETTING_FIELDS)
    if (!credentials.isSealed(out[field])) out[field] = credentials.seal(field, out[field]);
  return out;
}

/**
 * The start-up pass that seals credentials stored in clear before sealing
 * existed, in the draft setting and in the published snapshot (whose
 * re-announcement then carries them sealed). It touches only those fields and
 * does nothing once every value is sealed, so it is safe on every start and
 * on every replica at once (sealing twice is still sealed).
 */
export async function sealStoredCredentials(store: DocumentStore, credentials: CredentialCipher): Promise<number> {
  const characters = openCharacters(store);
  const all = await characters.find(
    {},
    {
      projection: {
        'setting.spj_api_key': 1,
        'setting.google_key': 1,
        'dialogue.setting.spj_api_key': 1,
        'dialogue.setting.google_key': 1,
      },
    },
  );
  let sealed = 0;
  for (const character of all) {
    const draft = sealedSecrets(credentials, character.setting);
    const published = sealedSecrets(credentials, character.dialogue?.setting);
    if (!draft && !published) continue;
    const set: Record<string, string> = {};
    for (const field of SECRET_SETTING_FIELDS) {
      if (draft) set[`setting.${field}`] = draft[field];
      if (published) set[`dialogue.setting.${field}`] = published[field];
    }
    await characters.updateOne({ _id: character._id }, { $set: set });
    sealed += 1;
  }
  return sealed;
}
