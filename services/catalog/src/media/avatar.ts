import sharp from 'sharp';
import { AVATAR_WIDTHS, type AvatarReply } from '@talkwith/proto/catalog';
import { openCharacters } from '../characters.ts';
import { audit, deleteQuietly, requireCharacter, type MediaContext } from './context.ts';
import { contentTypeOf, imageKindOf, type ImageKind } from './sniff.ts';
import { mediaErrors } from '../errors.ts';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Largest avatar by pixels, checked from the header before decoding: 25
 * megapixels (a 6000×4000 camera photo, a 3840-wide portrait up to 6500
 * tall) covers the widest rendition (3840, SPEC §9) with room, and decodes to
 * at most 100 MB (RGBA). A 16,000×16,000 PNG of 1 MB would take 1 GB.
 */
export const AVATAR_MAX_PIXELS = 25_000_000;
/** Every decode of an avatar refuses more pixels too (sharp checks the header), in case a caller skipped the check. */
const decoding = { limitInputPixels: AVATAR_MAX_PIXELS };

/** Where the avatar and its renditions live: the original keeps its real extension (avatar.png, avatar.jpg, …). */
const avatarKeyOf = (characterId: string, kind: ImageKind) =>
  `characters/${characterId}/avatar.${kind === 'jpeg' ? 'jpg' : kind}`;
const renditionKeyOf = (characterId: string, width: number) => `characters/${characterId}/avatar/${width}w.webp`;

/** The SPEC §9 widths a rendition is made for: never wider than the original (no upscaling). */
export const renditionWidths = (originalWidth: number) => AVATAR_WIDTHS.filter((w) => w <= originalWidth);

/** The width from the header alone (metadata() decodes no pixels); too many pixels are refused here, before any decode. */
async function imageWidth(image: Buffer): Promise<number> {
  let size: { width?: number; height?: number };
  try {
    size = await sharp(image).metadata();
  } catch {
    throw mediaErrors.imageUnreadable();
  }
  const { width, height } = size;
  if (!width || !height) throw mediaErrors.imageUnreadable();
  if (width * height > AVATAR_MAX_PIXELS) throw mediaErrors.tooManyPixels(width, height, AVATAR_MAX_PIXELS);
  return width;
}

/** The WebP renditions, made one at a time inside the image-work gate (a 3840-wide decode is large enough alone). */
async function renditionsOf(
  ctx: MediaContext,
  image: Buffer,
  widths: number[],
): Promise<Array<{ width: number; webp: Buffer }>> {
  return ctx.imageWork.run(async () => {
    const out: Array<{ width: number; webp: Buffer }> = [];
    for (const width of widths)
      out.push({ width, webp: await sharp(image, decoding).resize({ width }).webp({ quality: 82 }).toBuffer() });
    return out;
  });
}

/**
 * Stores an avatar image (PNG/JPEG/WebP by its magic bytes) and its WebP
 * renditions, then points the character at them (characters.avatar_key, used
 * by the public summaries and the poster fallback, and avatar_renditions).
 */
export async function storeAvatar(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  image: Buffer,
): Promise<Omit<AvatarReply, 'ok'>> {
  const character = await requireCharacter(ctx, characterId);
  const kind = imageKindOf(image);
  if (!kind) throw mediaErrors.notImage();
  const widths = renditionWidths(await imageWidth(image));
  const files = ctx.platform.files;
  const key = avatarKeyOf(characterId, kind);
  const renditions: Record<string, string> = {};
  const made = await renditionsOf(ctx, image, widths);
  try {
    await files.put(key, image, contentTypeOf(kind));
    for (const { width, webp } of made)
      renditions[String(width)] = (await files.put(renditionKeyOf(characterId, width), webp, 'image/webp')).key;
    await ctx.platform.store.withTransaction(async (tx) => {
      await openCharacters(tx).updateOne(
        { _id: characterId },
        { $set: { avatar_key: key, avatar_renditions: renditions, updated_at: new Date().toISOString() } },
      );
      await audit(ctx, tx, adminId, 'character.avatar_uploaded', { character_id: characterId, key, widths });
    });
  } catch (err) {
    await deleteQuietly(ctx, Object.values(renditions));
    throw err;
  }
  await deleteQuietly(ctx, staleKeys(character, key, renditions));
  return {
    avatar_url: files.publicUrl(key),
    renditions: widths.map((width) => ({ width, url: files.publicUrl(renditions[String(width)]!) })),
  };
}

/** The previous avatar's files that the new one does not overwrite (another extension, widths the new image is too small for). */
function staleKeys(
  previous: { avatar_key?: string; avatar_renditions?: unknown },
  key: string,
  renditions: Record<string, string>,
): string[] {
  const kept = new Set([key, ...Object.values(renditions)]);
  const old =
    previous.avatar_renditions && typeof previous.avatar_renditions === 'object'
      ? Object.values(previous.avatar_renditions)
      : [];
  return [previous.avatar_key, ...old].filter((k): k is string => typeof k === 'string' && !kept.has(k));
}
