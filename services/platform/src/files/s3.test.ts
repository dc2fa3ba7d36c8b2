import { describe, it } from 'vitest';
import { createS3Files } from './s3.ts';
import { runFilesContract } from './contract.ts';

/** S3_URL: s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1 with AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY. */
const s3Url = process.env.S3_URL;
if (s3Url) {
  const url = new URL(s3Url);
  runFilesContract('s3', () =>
    createS3Files({
      bucket: url.hostname,
      endpoint: url.searchParams.get('endpoint') ?? undefined,
      region: url.searchParams.get('region') ?? 'us-east-1',
      accessKeyId: process.env.AWS_ACCESS_KEY_ID,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY,
    }),
  );
} else {
  console.warn('skipped: files contract (s3) — set S3_URL to run against a real engine');
  describe.skip('files contract (s3)', () => {
    it('needs S3_URL', () => {});
  });
}
