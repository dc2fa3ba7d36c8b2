// The baseline of the gateway benchmark: node:http answering the body the
// gateway's /healthz answers, with the same content type, and nothing else.
// With BENCH_HEADERS (a JSON object) it also sends those headers, to separate
// what the gateway's security headers cost from what the framework costs.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const body = process.env.BENCH_BODY ?? '{"ok":true}';
const contentType = process.env.BENCH_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const extra = JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>;
const requestId = 'x-request-id' in extra;
delete extra['x-request-id'];

const server = createServer((_req, res) => {
  const headers: Record<string, string | number> = {
    ...extra,
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
  };
  // The gateway makes a fresh id per request; so does this baseline when it copies the headers.
  if (requestId) headers['x-request-id'] = randomUUID();
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
