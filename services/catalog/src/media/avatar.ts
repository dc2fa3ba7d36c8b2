import sharp from 'sharp';
import { AppError } from '@talkwith/platform';
import { AVATAR_WIDTHS, type AvatarReply } from '@talkwith/proto/catalog';
import { openCharacters } from '../characters.ts';
import { audit, deleteQuietly, requireCharacter, type MediaContext } from './context.ts';
import { contentTypeOf, imageKindOf, type ImageKind } from './sniff.ts';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export const AvatarErrors = {
  notImage: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'PNG・JPEG・WebP の画像を選んでください（ファイルの中身が画像ではありません）。', { status: 415, field: 'file' }),
  unreadable: () => new AppError('VALIDATION_FAILED', '画像を読み取れませんでした（ファイルが壊れている可能性があります）。', { field: 'file' }),
};

/** Where the avatar and its renditions live: the original keeps its real extension (avatar.png, avatar.jpg, …). */
const avatarKeyOf = (characterId: string, kind: ImageKind) => `characters/${characterId}/avatar.${kind === 'jpeg' ? 'jpg' : kind}`;
const renditionKeyOf = (characterId: string, width: number) => `characters/${characterId}/avatar/${width}w.webp`;

/** The SPEC §9 widths a rendition is made for: never wider than the original (no upscaling). */
export const renditionWidths = (originalWidth: number) => AVATAR_WIDTHS.filter((w) => w <= originalWidth);

async function imageWidth(image: Buffer): Promise<number> {
  try {
    const { width } = await sharp(image).metadata();
    if (!width) throw AvatarErrors.unreadable();
    return width;
  } catch {
    throw AvatarErrors.unreadable();
  }
}

/**
 * Stores an avatar image (PNG/JPEG/WebP by its magic bytes) and its WebP
 * renditions, then points the character at them (characters.avatar_key, used
 * by the public summaries and the poster fallback, and avatar_renditions).
 */
export async function storeAvatar(ctx: MediaContext, adminId: string, characterId: string, image: Buffer): Promise<Omit<AvatarReply, 'ok'>> {
  const character = await requireCharacter(ctx, characterId);
  const kind = imageKindOf(image);
  if (!kind) throw AvatarErrors.notImage();
  const widths = renditionWidths(await imageWidth(image));
  const files = ctx.platform.files;
  const key = avatarKeyOf(characterId, kind);
  const renditions: Record<string, string> = {};
  try {
    await files.put(key, image, contentTypeOf(kind));
    // One at a time: a 3840-wide decode is large enough without several at once.
    for (const width of widths) {
      const webp = await sharp(image).resize({ width }).webp({ quality: 82 }).toBuffer();
      renditions[String(width)] = (await files.put(renditionKeyOf(characterId, width), webp, 'image/webp')).key;
    }
    await ctx.platform.store.withTransaction(async (tx) => {
      await openCharacters(tx).updateOne({ _id: characterId }, { $set: { avatar_key: key, avatar_renditions: renditions, updated_at: new Date().toISOString() } });
      await audit(ctx, tx, adminId, 'character.avatar_uploaded', { character_id: characterId, key, widths });
    });
  } catch (err) {
    await deleteQuietly(ctx, Object.values(renditions));
    throw err;
  }
  await deleteQuietly(ctx, staleKeys(character, key, renditions));
  return { avatar_url: files.publicUrl(key), renditions: widths.map((width) => ({ width, url: files.publicUrl(renditions[String(width)]!) })) };
}

/** The previous avatar's files that the new one does not overwrite (another extension, widths the new image is too small for). */
function staleKeys(previous: { avatar_key?: string; avatar_renditions?: unknown }, key: string, renditions: Record<string, string>): string[] {
  const kept = new Set([key, ...Object.values(renditions)]);
  const old = previous.avatar_renditions && typeof previous.avatar_renditions === 'object' ? Object.values(previous.avatar_renditions) : [];
  return [previous.avatar_key, ...old].filter((k): k is string => typeof k === 'string' && !kept.has(k));
}
