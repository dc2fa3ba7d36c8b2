import { describe, expect, it } from 'vitest';
import { containerSocketCandidates, engineSource, startEngine } from './engines.ts';

const noRuntime = async () => 'no Docker (or compatible) socket';
const runtime = async () => null;

describe('engines', () => {
  it('engineSource, URL variable set, uses it without asking for a container runtime', async () => {
    let asked = false;
    const source = await engineSource('kafka', { KAFKA_URL: 'kafka://k1:9092' }, async () => ((asked = true), null));

    expect(source).toEqual({ kind: 'env', url: 'kafka://k1:9092' });
    expect(asked).toBe(false);
  });

  it('engineSource, no URL and no runtime, skips MongoDB, Kafka and Elasticsearch naming the variable', async () => {
    for (const [engine, variable] of [
      ['mongo', 'MONGO_URL'],
      ['kafka', 'KAFKA_URL'],
      ['elasticsearch', 'ELASTICSEARCH_URL'],
    ] as const) {
      const source = await engineSource(engine, {}, noRuntime);

      expect(source.kind, engine).toBe('none');
      expect(source.kind === 'none' && source.reason, engine).toMatch(
        new RegExp(`skipped: ${engine} .*no Docker.*${variable}`),
      );
    }
  });

  it('engineSource, no URL and no runtime, runs Redis and S3 on their local stand-ins', async () => {
    expect(await engineSource('redis', {}, noRuntime)).toEqual({ kind: 'local' });
    expect(await engineSource('s3', {}, noRuntime)).toEqual({ kind: 'local' });
  });

  it('engineSource, runtime present, starts every engine in a container', async () => {
    for (const engine of ['mongo', 'kafka', 'elasticsearch', 'redis', 's3'] as const) {
      expect(await engineSource(engine, {}, runtime), engine).toEqual({ kind: 'container' });
    }
  });

  it('startEngine, skipped source, refuses with the reason', async () => {
    await expect(startEngine('mongo', { kind: 'none', reason: 'skipped: because' })).rejects.toThrow(
      'skipped: because',
    );
  });

  it('startEngine, local redis, answers a redis:// URL and stops', async () => {
    const engine = await startEngine('redis', { kind: 'local' });

    expect(engine.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    await engine.stop();
  });

  it('containerSocketCandidates, Podman user socket, is looked for under XDG_RUNTIME_DIR', () => {
    expect(containerSocketCandidates({ XDG_RUNTIME_DIR: '/run/user/1234' }, '/home/u')).toEqual(
      expect.arrayContaining([
        '/run/user/1234/podman/podman.sock',
        '/var/run/docker.sock',
        '/home/u/.docker/run/docker.sock',
      ]),
    );
  });
});
