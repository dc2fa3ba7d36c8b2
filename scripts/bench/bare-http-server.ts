// The baseline of the gateway benchmark: node:http answering the body the
// gateway's /healthz answers, with the same content type, and nothing else.
import { createServer } from 'node:http';

const body = process.env.BENCH_BODY ?? '{"ok":true}';
const contentType = process.env.BENCH_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
