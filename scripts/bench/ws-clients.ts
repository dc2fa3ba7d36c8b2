// Client side of the WebSocket memory benchmark, in its own process so its
// memory never counts: opens N idle connections, reports over IPC, holds them
// until told to close. Usage: node scripts/bench/ws-clients.ts <ws-url> <count>
import WebSocket from 'ws';

const [url, countArg] = process.argv.slice(2);
const count = Number(countArg);
const CONCURRENT_HANDSHAKES = 200;
const sockets: WebSocket[] = [];
let failed = 0;
let firstError = '';

function open(): Promise<void> {
  return new Promise((resolve) => {
    // A browser always sends Origin, and the gateway refuses an upgrade without its own.
    const socket = new WebSocket(url ?? '', {
      perMessageDeflate: false,
      origin: new URL(url ?? '').origin.replace(/^ws/, 'http'),
    });
    socket.once('open', () => {
      sockets.push(socket);
      resolve();
    });
    socket.once('error', (err) => {
      failed++;
      firstError ||= err.message;
      resolve();
    });
    socket.on('close', () => resolve());
  });
}

async function openAll(): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < count) await open();
  };
  await Promise.all(Array.from({ length: CONCURRENT_HANDSHAKES }, worker));
}

const openCount = () => sockets.filter((s) => s.readyState === WebSocket.OPEN).length;

process.on('message', (message: unknown) => {
  if (message === 'count') process.send?.({ open: openCount(), failed, firstError });
  if (message !== 'close') return;
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
await openAll();
process.send?.({ open: openCount(), failed, firstError });
