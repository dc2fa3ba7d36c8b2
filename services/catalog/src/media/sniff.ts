/**
 * What a file is, from its first bytes (a name or a Content-Type says what the
 * sender claims; the magic bytes say what the bytes are).
 */
export type VideoKind = 'mp4' | 'webm';
export type ImageKind = 'png' | 'jpeg' | 'webp';

/** Bytes read before deciding: an EBML header names its DocType within them. */
export const SNIFF_BYTES = 64;

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The EBML DocType element (0x4282) followed by a 1-byte length of 4 and "webm". */
const WEBM_DOCTYPE = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm')]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** MP4: an ISO BMFF `ftyp` box first; WebM: an EBML header whose DocType is webm (Matroska is refused). */
export function videoKindOf(head: Buffer): VideoKind | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && head.readUInt32BE(0) >= 8) return 'mp4';
  if (head.subarray(0, 4).equals(EBML_MAGIC) && head.includes(WEBM_DOCTYPE)) return 'webm';
  return null;
}

export function imageKindOf(head: Buffer): ImageKind | null {
  if (head.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export const contentTypeOf = (kind: VideoKind | ImageKind): string =>
  ({ mp4: 'video/mp4', webm: 'video/webm', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' })[kind];
