// Video upload memory: the catalog service streams a 200 MB upload to the files
// port; its resident memory must not grow with the file. Baseline, same run and
// same bytes: a bare node:http server piping the request body to a file
// (this module, started with `baseline-server`).
import { createHmac, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { freePort } from '@talkwith/platform/testing';
import { ROOT, rssOf, startNode, waitForHttp, type NodeProcess } from './processes.ts';
import type { BenchRow } from './table.ts';

const FILE_MB = 200;
const GOAL_MB = 64;
const ROUNDS = 3;
const SECRET = 'bench-upload-secret-0123456789-abcdefghij';
const BOUNDARY = '----talkwith-bench-upload';
const WARM_UP_CLIP = join(ROOT, 'services/dialogue-engine/demo/assets/videos/greet.mp4');

/** 200 MB of random bytes behind a valid MP4 `ftyp` box: passes the magic-byte check, decodes as nothing. */
async function makeUploadFile(dir: string): Promise<string> {
  const path = join(dir, 'upload.mp4');
  const out = createWriteStream(path);
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]);
  out.write(ftyp);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < FILE_MB; i++) {
    if (!out.write(randomFillSync(chunk))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return path;
}

/** The file as one multipart part named `file`, streamed from disk (never in the bench's memory either). */
async function* multipartBody(path: string, id: string): AsyncGenerator<Buffer> {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`);
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${id}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

async function idleRss(server: NodeProcess): Promise<number> {
  const reply = once(server.child, 'message');
  server.child.send('memory');
  const [memory] = (await reply) as [{ rss: number; collected: boolean }];
  if (!memory.collected) throw new Error('memory probe has no gc(): start the server with --expose-gc');
  return memory.rss;
}

interface Measured {
  peakGrowthMb: number;
  seconds: number;
}

async function post(url: string, path: string, id: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    body: multipartBody(path, id) as unknown as ReadableStream,
    duplex: 'half',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  } as RequestInit);
  const text = await res.text();
  if (res.status >= 300) throw new Error(`upload answered ${res.status}: ${text.slice(0, 300)}`);
}

/** One upload of the file while sampling the server's RSS every 20 ms: the peak above the idle reading (after a full GC) just before. */
async function onePeak(
  server: NodeProcess,
  url: string,
  path: string,
  id: string,
  headers: Record<string, string>,
): Promise<Measured> {
  const idle = await idleRss(server);
  let peak = idle;
  const sampler = setInterval(() => {
    void rssOf(server.child.pid!).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  }, 20);
  const started = performance.now();
  try {
    await post(url, path, id, headers);
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, await rssOf(server.child.pid!));
    return { peakGrowthMb: (peak - idle) / 1024 / 1024, seconds };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The largest peak of ROUNDS uploads (garbage buffers are freed when V8
 * decides to collect, so peaks vary by ±20 MB; later rounds reuse pages the
 * allocator kept, so the worst one is the honest figure). A small upload first
 * (a demo clip) makes the code paths and modules an upload uses part of
 * "idle", as they are in a running server: what remains is what the file costs.
 */
async function measureUpload(
  server: NodeProcess,
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<Measured & { median: number }> {
  await post(url, WARM_UP_CLIP, 'warmup', headers);
  const runs: Measured[] = [];
  for (let i = 1; i <= ROUNDS; i++) runs.push(await onePeak(server, url, path, `bench-${i}`, headers));
  runs.sort((a, b) => a.peakGrowthMb - b.peakGrowthMb);
  return { ...runs[ROUNDS - 1]!, median: runs[Math.floor(ROUNDS / 2)]!.peakGrowthMb };
}

const probeArgs = ['--expose-gc', '--import', './scripts/bench/memory-probe.ts'];

async function baseline(path: string, dir: string): Promise<Measured & { median: number }> {
  const port = await freePort();
  const server = startNode('scripts/bench/upload.ts', {
    args: ['baseline-server', join(dir, 'baseline.out')],
    nodeArgs: probeArgs,
    env: { PORT: String(port) },
    ipc: true,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, server);
    return await measureUpload(server, `http://127.0.0.1:${port}/upload`, path, {});
  } finally {
    await server.stop();
  }
}

/** An access token as identity signs them (HS256 with the shared JWT_SECRET). */
function adminToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'bench-admin', roles: ['admin'], iat: Math.floor(Date.now() / 1000) })}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
}

async function catalog(path: string, dir: string): Promise<Measured & { median: number }> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: SECRET,
    PUBLIC_URL: 'http://127.0.0.1',
    ADMIN_PATH_PREFIX: 'bench-admin-prefix',
    CREDENTIALS_KEY: 'be'.repeat(32),
    CREDENTIALS_IV: 'ac'.repeat(16),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const server = startNode('services/catalog/src/server.ts', { nodeArgs: probeArgs, env, ipc: true });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/catalog/healthz`, server, 60_000);
    const authorization = `Bearer ${adminToken()}`;
    const created = await fetch(`${base}/api/admin/characters`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { character } = (await created.json()) as { character: { id: string } };
    return await measureUpload(server, `${base}/api/admin/characters/${character.id}/video/upload`, path, {
      authorization,
    });
  } finally {
    await server.stop();
  }
}

const mb = (n: number) => Math.round(n * 10) / 10;

/** Peak RSS growth above idle while a 200 MB video is uploaded, against node:http piping the same bytes to a file. */
export async function benchUpload(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-bench-upload-'));
  try {
    const path = await makeUploadFile(dir);
    const bare = await baseline(path, dir);
    const service = await catalog(path, dir);
    return [
      {
        name: `bare node:http piping a ${FILE_MB} MB upload to a file: peak RSS growth, worst of ${ROUNDS} (median ${mb(bare.median)}; ${bare.seconds.toFixed(1)} s)`,
        value: mb(bare.peakGrowthMb),
        unit: 'MB',
      },
      {
        name: `catalog video upload of ${FILE_MB} MB (multipart → files port + local copy, then probe): peak RSS growth above idle, worst of ${ROUNDS} (median ${mb(service.median)}; ${service.seconds.toFixed(1)} s)`,
        value: mb(service.peakGrowthMb),
        unit: 'MB',
        baseline: mb(bare.peakGrowthMb),
        goal: `≤ ${GOAL_MB} MB`,
        pass: service.peakGrowthMb <= GOAL_MB,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The baseline server: answers GET / (ready check) and pipes POST bodies to a file. */
function serveBaseline(outPath: string): void {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return void res.end('ok');
    pipeline(req, createWriteStream(outPath)).then(
      () => res.end('{"ok":true}'),
      (err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      },
    );
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (import.meta.main && process.argv[2] === 'baseline-server')
  serveBaseline(process.argv[3] ?? join(tmpdir(), 'talkwith-bench-baseline.out'));
