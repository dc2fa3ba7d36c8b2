import { readFileSync } from 'node:fs';
import type { ServiceUnderTest } from '@talkwith/platform/platform';
import { makeBlock, type Block } from '@talkwith/proto/dialogue';
import { openCharacters } from '../characters.ts';
import { localId, openBlocks } from '../model.ts';
import { addCharacterFor, adminHeaders } from '../test-support.ts';

/** API-test helpers of the media routes: multipart bodies built by hand, characters and blocks made directly. */
export interface FilePart {
  filename: string;
  content: Buffer;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body: the fields, then the file (unless `fileFirst`). */
export function multipart(
  fields: Record<string, string>,
  file?: FilePart,
  fileFirst = false,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----talkwith${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          file.content,
          Buffer.from('\r\n'),
        ]),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const fileOf = (path: string, filename: string, contentType = 'video/mp4'): FilePart => ({
  filename,
  content: readFileSync(path),
  contentType,
});

export { adminHeaders } from '../test-support.ts';

export const newCharacter = (svc: ServiceUnderTest, name = 'テスト'): Promise<string> => addCharacterFor(svc, { name });

export async function upload(
  svc: ServiceUnderTest,
  characterId: string,
  fields: Record<string, string>,
  file?: FilePart,
  fileFirst = false,
) {
  const body = multipart(fields, file, fileFirst);
  return svc.app.inject({
    method: 'POST',
    url: `/api/admin/characters/${characterId}/video/upload`,
    headers: { ...adminHeaders(svc), ...body.headers },
    payload: body.payload,
  });
}

export async function setStandby(svc: ServiceUnderTest, characterId: string, videoId: string | null): Promise<void> {
  await openCharacters(svc.platform.store).updateOne(
    { _id: characterId },
    { $set: { 'setting.standby_video_id': videoId } },
  );
}

export async function addBlock(
  svc: ServiceUnderTest,
  characterId: string,
  block: Partial<Block> & { id: string },
): Promise<void> {
  const doc = makeBlock({ ...block, character_id: characterId });
  await openBlocks(svc.platform.store).insertOne({
    ...doc,
    _id: localId(characterId, block.id),
    updated_at: new Date().toISOString(),
  });
}

/** Every stored key under the character's media and posters. */
export async function storedKeys(svc: ServiceUnderTest, characterId: string): Promise<string[]> {
  return (await svc.platform.files.list(`characters/${characterId}/`)).map((f) => f.key);
}
