import { randomUUID } from 'node:crypto';
import type { DocumentStore, Eventing, FileStore, Transaction } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import {
  slugOf,
  type AddCharacterBody,
  type AdminCharacterList,
  type UpdateCharacterBody,
} from '@talkwith/proto/catalog';
import { trimmedTranslations } from '@talkwith/proto/identity';
import { openCharacters, type Character } from '../characters.ts';
import { defaultSetting, emptyDraft, openBlocks, openGroups, openVideos } from '../model.ts';
import { announceGroups } from '../taxonomy/group-facts.ts';
import { checkSettingReferences, mergedSetting } from './settings.ts';
import { listItemOf } from './views.ts';
import { characterErrors } from '../errors.ts';

export const PER_PAGE = 20;

export async function requireCharacter(store: DocumentStore | Transaction, id: string): Promise<Character> {
  const found = await openCharacters(store).findOne({ _id: id }, { projection: { dialogue: 0 } });
  if (!found) throw characterErrors.notFound();
  return found;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One page of characters (newest first), optionally those whose name contains `q`. */
export async function listCharacters(
  store: DocumentStore,
  files: FileStore,
  query: { q?: string; page: number },
): Promise<AdminCharacterList> {
  const filter = query.q ? { name: { $regex: escapeRegex(query.q), $options: 'i' } } : {};
  const characters = openCharacters(store);
  const [total, page] = await Promise.all([
    characters.countDocuments(filter),
    characters.find(filter, {
      sort: { created_at: -1, _id: 1 },
      skip: (query.page - 1) * PER_PAGE,
      limit: PER_PAGE,
      projection: { dialogue: 0 },
    }),
  ]);
  const items = await Promise.all(
    page.map(async (c) =>
      listItemOf(c, files, {
        blocks: await openBlocks(store).countDocuments({ character_id: c._id }),
        videos: await openVideos(store).countDocuments({ character_id: c._id }),
      }),
    ),
  );
  return { ok: true, characters: items, total, page: query.page, per_page: PER_PAGE };
}

async function checkSlugFree(tx: Transaction, slug: string, ownId: string): Promise<void> {
  const holder = await openCharacters(tx).findOne({ slug }, { projection: { _id: 1 } });
  if (holder && holder._id !== ownId) throw characterErrors.slugTaken(slug);
}

async function checkGroup(tx: Transaction, groupId: string | null | undefined): Promise<void> {
  if (groupId && !(await openGroups(tx).findOne({ _id: groupId }))) {
    throw characterErrors.groupNotFound();
  }
}

/** A new, unpublished character with the default setting and an empty draft. Slug: given, else from the name, else the id. */
export async function addCharacter(tx: Transaction, input: AddCharacterBody): Promise<Character> {
  const id = randomUUID();
  const slug = input.slug ?? (slugOf(input.name) || id);
  await checkSlugFree(tx, slug, id);
  await checkGroup(tx, input.group_id);
  const now = new Date().toISOString();
  return openCharacters(tx).insertOne({
    _id: id,
    name: input.name,
    description: input.description,
    slug,
    price: input.price ?? 0,
    group_id: input.group_id ?? null,
    setting: defaultSetting(id),
    draft: emptyDraft(),
    published_at: null,
    published_version: 0,
    created_at: now,
    updated_at: now,
  });
}

/** Applies a partial update; references and uniqueness are checked before anything is written. */
export async function updateCharacter(
  tx: Transaction,
  events: Eventing,
  credentials: CredentialCipher,
  id: string,
  patch: UpdateCharacterBody,
): Promise<Character> {
  const stored = await requireCharacter(tx, id);
  if (patch.slug !== undefined) await checkSlugFree(tx, patch.slug, id);
  if (patch.group_id !== undefined) await checkGroup(tx, patch.group_id);
  const draft = { ...(stored.draft ?? emptyDraft()), ...patch.draft };
  // Start buttons belong to this character whatever the form sent.
  draft.startButtons = draft.startButtons.map((button) => ({ ...button, character_id: id }));
  const setting = mergedSetting(credentials, stored.setting ?? defaultSetting(id), patch.setting ?? {});
  if (patch.setting) await checkSettingReferences(tx, id, patch.setting, draft.startButtons);
  const { setting: _s, draft: _d, name_i18n, description_i18n, ...rest } = patch;
  const fields = {
    ...rest,
    ...(name_i18n ? { name_i18n: trimmedTranslations(name_i18n) } : {}),
    ...(description_i18n ? { description_i18n: trimmedTranslations(description_i18n) } : {}),
  };
  const updated = await openCharacters(tx).findOneAndUpdate(
    { _id: id },
    { $set: { ...fields, setting, draft, updated_at: new Date().toISOString() } },
    { projection: { dialogue: 0 } },
  );
  if (!updated) throw characterErrors.notFound();
  // A published character moved between groups changes what both sell.
  if (patch.group_id !== undefined && patch.group_id !== (stored.group_id ?? null))
    await announceGroups(tx, events, [stored.group_id, patch.group_id]);
  return updated;
}
