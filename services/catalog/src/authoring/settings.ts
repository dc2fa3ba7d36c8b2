import type { Transaction } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import { isMaskedSecret, maskSecret, type SettingPatch } from '@talkwith/proto/catalog';
import type { CharacterSetting, StartButton } from '@talkwith/proto/dialogue';
import { SECRET_SETTING_FIELDS } from '@talkwith/proto/dialogue';
import { fieldInWords } from '@talkwith/dialogue-engine';
import { openBlocks, openVideos } from '../model.ts';
import { characterErrors } from '../errors.ts';

type SecretField = (typeof SECRET_SETTING_FIELDS)[number];

/**
 * A credential as a write leaves it (the editor's PUT and the import alike),
 * sealed (platform/secrets): absent or sent back masked keeps the stored one
 * (the admin only ever sees the mask; a mask is never stored as the
 * credential, even the mask of another key), "" clears it, any other value
 * replaces it. A kept value stored in clear before sealing existed is sealed
 * now; a kept sealed value is left byte for byte (an import sees no change).
 */
export function mergedCredential(
  credentials: CredentialCipher,
  field: SecretField,
  stored: string,
  sent: string | undefined,
): string {
  if (sent === undefined || isMaskedSecret(sent) || sent === maskSecret(credentials.open(field, stored))) {
    return credentials.isSealed(stored) ? stored : credentials.seal(field, stored);
  }
  return credentials.seal(field, sent);
}

export function mergedSetting(
  credentials: CredentialCipher,
  stored: CharacterSetting,
  patch: SettingPatch,
): CharacterSetting {
  const merged: CharacterSetting = { ...stored, ...patch, character_id: stored.character_id };
  for (const field of SECRET_SETTING_FIELDS)
    merged[field] = mergedCredential(credentials, field, stored[field], patch[field]);
  return merged;
}

/** The message names the field in words (「ヒットワード 1 件目の遷移先」); the path stays in `field` for programs. */
export const dangling = (field: string, id: string) =>
  characterErrors.danglingReference(field, fieldInWords(field), id);

/**
 * The setting's references that a patch sets must exist in the character:
 * the standby clip, the mic-test block and the default start button (among
 * the start buttons the same request leaves).
 */
export async function checkSettingReferences(
  tx: Transaction,
  characterId: string,
  patch: SettingPatch,
  startButtons: StartButton[],
): Promise<void> {
  if (
    patch.standby_video_id &&
    !(await openVideos(tx).findOne({ character_id: characterId, id: patch.standby_video_id }))
  ) {
    throw dangling('setting.standby_video_id', patch.standby_video_id);
  }
  if (patch.for_mic_test && !(await openBlocks(tx).findOne({ character_id: characterId, id: patch.for_mic_test }))) {
    throw dangling('setting.for_mic_test', patch.for_mic_test);
  }
  if (patch.default_start_button_id && !startButtons.some((b) => b.id === patch.default_start_button_id)) {
    throw dangling('setting.default_start_button_id', patch.default_start_button_id);
  }
}
