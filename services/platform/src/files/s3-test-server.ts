import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3FilesOptions } from './s3.ts';

/** s3rver accepts only its own fixed credentials (it checks request signatures). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3Server {
  /** Options for createS3Files pointing at this server's bucket. */
  options: S3FilesOptions;
  stop(): Promise<void>;
}

/**
 * A pure-JS S3-compatible server (s3rver) on 127.0.0.1 with a random port and
 * a temporary directory, so the S3 adapter is tested against a real S3
 * protocol without Docker. Test-only: s3rver is a devDependency.
 */
export async function startLocalS3(bucket = 'talkwith-test'): Promise<LocalS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'tw-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    options: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', ...CREDENTIALS },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
