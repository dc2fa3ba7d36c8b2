export { createLocalFiles, type LocalFilesOptions } from './local.ts';
export { createS3Files, type S3FilesOptions } from './s3.ts';
export { serveFiles, type ServeFilesOptions } from './http.ts';
export { assertValidKey, assertValidPrefix, contentTypeFor, joinPublicUrl } from './keys.ts';
export { checkRange, parseRangeHeader, type RangeRequest } from './range.ts';
// The contract suite imports vitest, so tests import it from './contract.ts'.
