import type { MultipartFile } from '@fastify/multipart';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '@talkwith/platform';
import { isAppError } from '@talkwith/platform';
import { formatBytes } from './upload-stream.ts';
import { mediaErrors } from '../errors.ts';

/**
 * Reading a multipart upload (route side: it needs the request). Fields must
 * come before the file, because the file is streamed to the files port under
 * a name made from them as it arrives.
 */
const MultipartErrors: Record<string, (maxBytes: number) => AppError> = {
  FST_REQ_FILE_TOO_LARGE: (maxBytes) => mediaErrors.fileTooLarge(formatBytes(maxBytes)),
  FST_FILES_LIMIT: () => mediaErrors.oneFileOnly(),
  FST_FIELDS_LIMIT: () => mediaErrors.tooManyFields(),
  FST_PARTS_LIMIT: () => mediaErrors.tooManyParts(),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => mediaErrors.notMultipart(),
};

function asAppError(err: unknown, maxBytes: number): unknown {
  if (isAppError(err)) return err;
  const code = (err as { code?: string } | null)?.code;
  const known = code ? MultipartErrors[code] : undefined;
  if (known) return known(maxBytes);
  if (err instanceof Error && /multipart|boundary|terminated early/i.test(err.message))
    return mediaErrors.brokenMultipart();
  return err;
}

export interface Received<R> {
  fields: Record<string, string>;
  result: R;
}

/** Runs `onFile` on the one file part with the fields sent before it; `discard` undoes it when the request turns out bad afterwards. */
export async function receiveUpload<R>(
  request: FastifyRequest,
  maxBytes: number,
  onFile: (fields: Record<string, string>, part: MultipartFile) => Promise<R>,
  discard: (result: R) => Promise<void>,
): Promise<Received<R>> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let result: { value: R } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (result) throw MultipartErrors.FST_FILES_LIMIT!(maxBytes);
        result = { value: await onFile(fields, part) };
      } else {
        if (result) throw mediaErrors.fieldAfterFile(part.fieldname);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (result) await discard(result.value);
    throw asAppError(err, maxBytes);
  }
  if (!result) throw mediaErrors.noFile();
  return { fields, result: result.value };
}

/** The fields of an upload form, converted by their schema ("true", "3", "null") and validated. */
export function parseFields<T extends TSchema>(schema: T, raw: Record<string, string>): Static<T> {
  const converted: unknown = Value.Convert(schema, { ...raw });
  if (Value.Check(schema, converted)) return converted;
  const first = Value.Errors(schema, converted).First();
  const field = first?.path.replace(/^\//, '') || undefined;
  throw mediaErrors.badFormField(field);
}
