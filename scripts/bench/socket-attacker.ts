// Attacker side of the socket attack benchmark, in its own process so its CPU
// never slows the /healthz client: opens N anonymous sockets from one address,
// sends F frames on each as fast as it can, waits for every answer (or the
// socket's close), and reports over IPC.
// Usage: node scripts/bench/socket-attacker.ts <ws-url> <sockets> <frames-per-socket> <waves>
import WebSocket from 'ws';
import { ATTACK_FRAME } from './socket-frames.ts';

const [url = '', socketsArg, framesArg, wavesArg = '1'] = process.argv.slice(2);
const sockets = Number(socketsArg);
const frames = Number(framesArg);
const waves = Number(wavesArg);
/** Encoded once: the attacker's own CPU (it shares the machine with the server) goes to sending, not to encoding the same text 1,800 times. */
const payload = Buffer.from(ATTACK_FRAME);

export interface AttackReport {
  opened: number;
  refused: Record<string, number>;
  answers: Record<string, number>;
  ms: number;
}

const report: AttackReport = { opened: 0, refused: {}, answers: {}, ms: 0 };
const count = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

function attack(): Promise<void> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, origin: new URL(url).origin.replace(/^ws/, 'http') });
    let answered = 0;
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (_req, res) => {
      count(report.refused, String(res.statusCode));
      socket.terminate();
      resolve();
    });
    socket.once('close', () => resolve());
    socket.once('open', () => {
      report.opened++;
      for (let i = 0; i < frames; i++) socket.send(payload, { binary: false });
    });
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; data: { code?: string } };
      count(report.answers, frame.data.code ?? frame.event);
      if (++answered === frames) {
        socket.terminate();
        resolve();
      }
    });
  });
}

// Started on 'go', once the process is up, so the measured window is the attack alone.
process.once('message', async () => {
  const started = performance.now();
  for (let wave = 0; wave < waves; wave++) await Promise.all(Array.from({ length: sockets }, attack));
  report.ms = performance.now() - started;
  process.send?.(report);
  process.disconnect();
});
process.send?.('ready');
