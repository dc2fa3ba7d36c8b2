// Child of dialogue-warmup.ts (`node --expose-gc`, ANALYSER_WARMUP in argv[2]):
// the dialogue service started as in its tests, its resident memory once it
// settled (the warm-up finished, when on), and the first search by reading
// after the start, printed as JSON on stdout.
import { understandingIfLoaded } from '@talkwith/dialogue-engine/understanding';
import { startServiceForTest } from '@talkwith/platform/platform';
import { dialogueService } from '../../services/dialogue/src/index.ts';

const SETTLE_MS = 500;
const collect = (globalThis as { gc?: () => void }).gc;
const settledRss = async (): Promise<number> => {
  collect?.();
  collect?.();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return process.memoryUsage().rss;
};

const warm = process.argv[2] === 'true';
const service = await startServiceForTest(dialogueService, { ANALYSER_WARMUP: String(warm) });
await understandingIfLoaded();
const rss = await settledRss();
const search = service.platform.search;
await search.ensureIndex('warmup-probe', { text: 'text' }, { readings: true });
await search.upsert('warmup-probe', 'food', { text: '御飯の話' });
const started = performance.now();
const { total } = await search.search('warmup-probe', { text: 'ごはん' });
const firstSearchMs = performance.now() - started;
const rssAfterSearch = await settledRss();
await service.close();
process.stdout.write(JSON.stringify({ warm, rss, rssAfterSearch, firstSearchMs, found: total }));
process.exit();
