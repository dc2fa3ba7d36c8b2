import { randomUUID } from 'node:crypto';
import { type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { openCharacterActions, openGroupFacts } from './model.ts';

/** Catalog facts as the catalog announces them (tests of points use and group plans make their own), delivered before it returns. */
export function catalogFactsKit(svc: () => ServiceUnderTest) {
  const events = () => svc().platform.events;
  const store = () => svc().platform.store;
  return {
    /** A published character whose actions cost these points (`character.published`, version 1 unless given). */
    async publishCharacter(
      actions: { code: string; points: number }[],
      character_id: string = randomUUID(),
      version = 1,
    ): Promise<string> {
      await events().publish('character.published', character_id, {
        character_id,
        name: 'テストキャラ',
        description: '',
        published_at: new Date().toISOString(),
        version,
        price: 0,
        actions,
      });
      await eventually(
        async () => (await openCharacterActions(store()).findOne({ _id: character_id }))?.version === version,
      );
      return character_id;
    },
    /** A group as catalog says it is now (`group.saved`). */
    async saveGroup(sold: boolean, group_id: string = randomUUID()): Promise<string> {
      await events().publish('group.saved', group_id, {
        group_id,
        category_id: 'cat-test',
        name: 'テストグループ',
        sold,
      });
      await eventually(async () => (await openGroupFacts(store()).findOne({ _id: group_id }))?.sold === sold);
      return group_id;
    },
    async deleteGroup(group_id: string): Promise<void> {
      await events().publish('group.deleted', group_id, { group_id });
      await eventually(async () => (await openGroupFacts(store()).findOne({ _id: group_id }))?.deleted === true);
    },
  };
}
