import { createS3Files, type S3FilesOptions } from './s3.ts';
import { runFilesContract } from './contract.ts';
import { useEngine } from '../testing/use-engine.ts';

/**
 * S3_URL: s3://[accessKey:secret@]bucket?endpoint=http://127.0.0.1:9000&region=us-east-1 (keys
 * in the URL or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY), else MinIO in a container when Docker
 * is present, else the local s3rver (testing/engines.ts decides).
 */
function optionsFromS3Url(url: URL): S3FilesOptions {
  return {
    bucket: url.hostname,
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: url.username ? decodeURIComponent(url.username) : process.env.AWS_ACCESS_KEY_ID,
    secretAccessKey: url.password ? decodeURIComponent(url.password) : process.env.AWS_SECRET_ACCESS_KEY,
  };
}

const engine = await useEngine('s3');
if (!engine.skipped) {
  // s3rver writes an object in place (fs.createWriteStream on its final path), so racing PUTs can mix bodies there; S3 itself cannot.
  const atomicOverwrites = engine.kind !== 'local';
  runFilesContract(`s3, ${engine.kind}`, () => createS3Files(optionsFromS3Url(new URL(engine.url()))), {
    atomicOverwrites,
  });
}
