import { afterEach, describe, expect, it } from 'vitest';
import { understandingIfLoaded } from '@talkwith/dialogue-engine/understanding';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from './index.ts';
import { loadDialogueConfig } from './config.ts';

// Dialogue's first search used to wait 1.5–4 s for the Japanese analyser; warmed at start, it is there before any search.
// With Elasticsearch (whose adapter never loads the analyser) the first understand request waited for it instead.
// One file of its own: the analyser is shared by the process, so no other test may have loaded it first; the
// tests run in order and the first one is the only one that sees it not yet loaded.
let svc: ServiceUnderTest | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

describe('dialogue analyser warm-up', () => {
  it('dialogue config, no ANALYSER_WARMUP set, warms the analyser (npm start and production)', () => {
    expect(loadDialogueConfig({}).ANALYSER_WARMUP).toBe(true);
  });

  it('dialogue, warm-up on and a search that never loads the analyser (Elasticsearch), loads it at start and is ready before it is loaded', async () => {
    let readingsAsked = 0;
    svc = await startServiceForTest(
      dialogueService,
      { ANALYSER_WARMUP: 'true' },
      { adapt: (platform) => void (platform.search.useReadings = () => void (readingsAsked += 1)) },
    );
    const loading = understandingIfLoaded();
    const stateAtStart = await Promise.race([loading?.then(() => 'loaded'), Promise.resolve('loading')]);
    const ready = await svc.app.inject({ method: 'GET', url: '/readyz' });

    expect(readingsAsked).toBe(1);
    expect(loading).toBeDefined();
    expect(stateAtStart).toBe('loading');
    expect(ready.statusCode).toBe(200);
    await expect(loading).resolves.toBeDefined();
  });

  it('dialogue, started again with the embedded search warming too, keeps the one understanding already loaded', async () => {
    const before = understandingIfLoaded();

    svc = await startServiceForTest(dialogueService, { ANALYSER_WARMUP: 'true' });

    expect(before).toBeDefined();
    expect(understandingIfLoaded()).toBe(before);
  });

  it('dialogue, started with the warm-up on, answers the first search by reading once the analyser is loaded', async () => {
    svc = await startServiceForTest(dialogueService, { ANALYSER_WARMUP: 'true' });
    await understandingIfLoaded();
    const { search } = svc.platform;
    await search.ensureIndex('warmup-test', { text: 'text' }, { readings: true });
    await search.upsert('warmup-test', 'food', { text: '御飯の話' });

    const result = await search.search('warmup-test', { text: 'ごはん' });

    expect(result.hits.map((hit) => hit.id)).toEqual(['food']);
  });
});
