import { afterAll, beforeAll } from 'vitest';
import { createS3Files, type S3FilesOptions } from './s3.ts';
import { runFilesContract } from './contract.ts';
import { startLocalS3, type LocalS3Server } from './s3-test-server.ts';

/** S3_URL: s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1 with AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY. */
const s3Url = process.env.S3_URL;

function optionsFromS3Url(url: URL): S3FilesOptions {
  return {
    bucket: url.hostname,
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: process.env.AWS_ACCESS_KEY_ID,
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY,
  };
}

if (s3Url) {
  runFilesContract('s3, S3_URL', () => createS3Files(optionsFromS3Url(new URL(s3Url))));
} else {
  let server: LocalS3Server;
  beforeAll(async () => {
    server = await startLocalS3();
  });
  afterAll(async () => {
    await server.stop();
  });
  // s3rver writes an object in place (fs.createWriteStream on its final path), so racing PUTs can mix bodies there; S3 itself cannot.
  runFilesContract('s3, local s3rver', () => createS3Files(server.options), { atomicOverwrites: false });
}
