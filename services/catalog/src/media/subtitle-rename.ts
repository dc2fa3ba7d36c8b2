import { openCharacters } from '../characters.ts';
import type { MediaContext } from './context.ts';
import { listMedia, subtitleNameOf } from './views.ts';

async function readAll(ctx: MediaContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await ctx.platform.files.read(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Whether the live (published) version still shows a clip titled `title`: its subtitles must stay where it finds them. */
async function liveVersionUses(ctx: MediaContext, characterId: string, title: string): Promise<boolean> {
  const character = await openCharacters(ctx.platform.store).findOne(
    { _id: characterId },
    { projection: { dialogue: 1 } },
  );
  return character?.dialogue?.videos.some((video) => video.title === title) ?? false;
}

/**
 * Subtitles are stored under the clip's title (SPEC §2:
 * subtitles/{character_id}/{language}/{title}.vtt), so a renamed clip would
 * lose them. They are copied to the new title in every language; the old
 * files go unless the published version still plays the clip under its old
 * title (they go with a later rename, or stay harmless: no clip has that title).
 * Returns the languages carried.
 */
export async function carrySubtitlesToNewTitle(
  ctx: MediaContext,
  characterId: string,
  oldTitle: string,
  newTitle: string,
): Promise<string[]> {
  const languages = (await listMedia(ctx.platform.files, characterId)).subtitles.get(subtitleNameOf(oldTitle));
  if (!languages || oldTitle === newTitle) return [];
  const keepOld = await liveVersionUses(ctx, characterId, oldTitle);
  for (const oldKey of languages.values()) {
    const newKey = oldKey.slice(0, oldKey.lastIndexOf('/') + 1) + `${subtitleNameOf(newTitle)}.vtt`;
    await ctx.platform.files.put(newKey, await readAll(ctx, oldKey), 'text/vtt; charset=utf-8');
    if (!keepOld) await ctx.platform.files.delete(oldKey);
  }
  return [...languages.keys()].sort();
}
