import { Value } from '@sinclair/typebox/value';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ClientFrame, MAX_FRAME_BYTES } from '@talkwith/proto';
import { parseFrame, scanFrame } from '../../gateway/src/socket/frame-check.ts';
import { printAlone, type BenchRow } from './table.ts';
import { ATTACK_FRAME, heavyFrames } from './socket-frames.ts';

/**
 * Ms per call of `run`: the median of 21 batches' means after a warm-up, so
 * a batch the scheduler slowed (the benches share the machine) does not
 * decide the figure.
 */
function timed(run: () => unknown, perBatch = 40): number {
  for (let i = 0; i < 100; i++) run();
  const batches: number[] = [];
  for (let b = 0; b < 21; b++) {
    const started = performance.now();
    for (let i = 0; i < perBatch; i++) run();
    batches.push((performance.now() - started) / perBatch);
  }
  return batches.sort((x, y) => x - y)[10] ?? NaN;
}

const ms = (n: number) => Math.round(n * 1000) / 1000;
const compiled = TypeCompiler.Compile(ClientFrame);

/**
 * What checking one frame costs on the main thread: the compiled check of the
 * heaviest frame the socket accepts (against TypeBox's interpreted
 * Value.Check of the same value, main's check, in the same run), the whole
 * read of it (scan, JSON.parse, check), and the attack frame of the finding,
 * now refused by the scan, against main's parse and interpreted check.
 */
export async function benchFrameValidation(): Promise<BenchRow[]> {
  const accepted = Object.entries(
    heavyFrames(
      (text) => text.length <= MAX_FRAME_BYTES && scanFrame(text) === null && typeof parseFrame(text) !== 'string',
    ),
  );
  const measured = accepted.map(([name, text]) => {
    const value: unknown = JSON.parse(text);
    return {
      name,
      bytes: text.length,
      check: timed(() => compiled.Check(value)),
      interpreted: timed(() => Value.Check(ClientFrame, value), 10),
      read: timed(() => scanFrame(text) ?? parseFrame(text)),
    };
  });
  const worst = measured.reduce((a, b) => (b.check > a.check ? b : a));
  const slowestRead = measured.reduce((a, b) => (b.read > a.read ? b : a));
  const attackNow = timed(() => scanFrame(ATTACK_FRAME) ?? parseFrame(ATTACK_FRAME));
  const attackBefore = timed(() => Value.Check(ClientFrame, JSON.parse(ATTACK_FRAME)), 3);
  return [
    {
      name: `socket frame check, worst valid frame of ${accepted.length} shapes (${worst.name}, ${worst.bytes} B; baseline: interpreted Value.Check)`,
      value: ms(worst.check),
      unit: 'ms',
      baseline: ms(worst.interpreted),
      goal: '≤ 0.5 ms',
      pass: worst.check <= 0.5,
    },
    {
      name: `socket frame read, scan + JSON.parse + check, slowest valid frame (${slowestRead.name}, ${slowestRead.bytes} B)`,
      value: ms(slowestRead.read),
      unit: 'ms',
    },
    {
      name: `socket attack frame (${ATTACK_FRAME.length} B nested arrays): refused by the scan (baseline: main's parse + Value.Check)`,
      value: ms(attackNow),
      unit: 'ms',
      baseline: ms(attackBefore),
    },
  ];
}

if (import.meta.main) {
  await printAlone(benchFrameValidation);
  process.exit();
}
