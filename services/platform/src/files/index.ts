import type * as S3Module from './s3.ts';
export { createLocalFiles, type LocalFilesOptions } from './local.ts';
export type { S3FilesOptions } from './s3.ts';
/** Loads the AWS S3 client on first use: embedded deployments never pay for importing it. */
export async function createS3Files(options: S3Module.S3FilesOptions): ReturnType<typeof S3Module.createS3Files> {
  return (await import('./s3.ts')).createS3Files(options);
}
export { sendStoredFile, serveFiles, type FilesGuard, type ServeFilesOptions } from './http.ts';
export { assertValidKey, assertValidPrefix, contentTypeFor, joinPublicUrl } from './keys.ts';
export { checkRange, parseRangeHeader, type RangeRequest } from './range.ts';
// The contract suite imports vitest, so tests import it from './contract.ts'.
