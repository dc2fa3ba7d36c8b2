// Child of recognition-accuracy.ts (`node --expose-gc`): the analyser's resident
// memory in a fresh process — RSS after garbage collection before and after
// building kuromoji and analysing one utterance — printed as JSON on stdout.
import { loadAnalyser } from '@talkwith/dialogue-engine/understanding';

const collect = (globalThis as { gc?: () => void }).gc;
const settledRss = async (): Promise<number> => {
  collect?.();
  collect?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return process.memoryUsage().rss;
};

const before = await settledRss();
const started = performance.now();
const analyse = await loadAnalyser();
const buildMs = performance.now() - started;
analyse('えーと、京都じゃなくて大阪に行きたいです');
const after = await settledRss();
process.stdout.write(JSON.stringify({ rssBefore: before, rssAfter: after, buildMs, collected: Boolean(collect) }));
