import { Value } from '@sinclair/typebox/value';
import type { CharacterDiff, FieldChange, ItemChanges } from '@talkwith/proto/catalog';
import { SECRET_SETTING_FIELDS, type Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import { draftListsOf } from './drafts.ts';

/**
 * Field-level differences between two whole characters (a published snapshot
 * and the draft). Fields are compared one level deep, which is what an
 * operator edits (a block's title, its hit words, a clip's loop): TypeBox's
 * deep equality suffices, no diff library. Keys, not labels, are answered;
 * the console names each in the operator's language.
 */

/** Deep equality without Value.Equal's type guard (which would narrow the other side to never). */
const same = (a: unknown, b: unknown): boolean => Value.Equal(a, b);

/** Keys that say whose an item is, not what it holds. */
const OWNER_KEYS = new Set(['id', 'character_id']);

function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secret: (key: string) => boolean = () => false,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !OWNER_KEYS.has(k));
  return keys
    .filter((k) => !same(before[k], after[k]))
    .map((field) =>
      secret(field)
        ? { field, before: null, after: null, secret: true }
        : { field, before: before[field] ?? null, after: after[field] ?? null },
    );
}

type Item = { id: string } & Record<string, unknown>;

function itemChanges<T extends Item>(before: T[], after: T[], titleOf: (item: T) => string): ItemChanges {
  const old = new Map(before.map((x) => [x.id, x]));
  const next = new Set(after.map((x) => x.id));
  const named = (x: T) => ({ id: x.id, title: titleOf(x) });
  return {
    added: after.filter((x) => !old.has(x.id)).map(named),
    removed: before.filter((x) => !next.has(x.id)).map(named),
    changed: after.flatMap((x) => {
      const was = old.get(x.id);
      const fields = was ? fieldChanges(was, x) : [];
      return fields.length > 0 ? [{ ...named(x), fields }] : [];
    }),
  };
}

const secretSetting = (key: string) => (SECRET_SETTING_FIELDS as readonly string[]).includes(key);

/** What changes from `before` to `after` (the character's own fields — name, slug, price, group, avatar — are not versioned). */
export function characterDiff(
  before: DialogueCharacter,
  after: DialogueCharacter,
  fromVersion: number | null,
): CharacterDiff {
  const blocks = itemChanges(before.blocks as unknown as Item[], after.blocks as unknown as Item[], (b) =>
    String(b.title ?? ''),
  );
  const videos = itemChanges(before.videos as unknown as Item[], after.videos as unknown as Item[], (v) =>
    String(v.title ?? ''),
  );
  const settings = fieldChanges(before.setting, after.setting, secretSetting);
  const lists = fieldChanges(
    draftListsOf(before) as unknown as Record<string, unknown>,
    draftListsOf(after) as unknown as Record<string, unknown>,
  );
  const counts = [
    blocks.added,
    blocks.removed,
    blocks.changed,
    videos.added,
    videos.removed,
    videos.changed,
    settings,
    lists,
  ].map((x) => x.length);
  const titles = (items: { id: string; title: string }[]) =>
    Object.fromEntries(items.filter((item) => item.title).map((item) => [item.id, item.title]));
  const names = {
    blocks: titles([...before.blocks, ...after.blocks]),
    videos: titles([...before.videos, ...after.videos]),
  };
  return { from_version: fromVersion, same: counts.every((n) => n === 0), blocks, videos, settings, lists, names };
}

/** An empty character to compare a never-published draft with (everything in the draft is new). */
export function nothingPublished(draft: DialogueCharacter): DialogueCharacter {
  return { ...draft, blocks: [], videos: [], startButtons: [], slots: [], conversations: [], kikiwasure: [] };
}
