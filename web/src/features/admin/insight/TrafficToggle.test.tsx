import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { block, character } from '../blocks/testing.ts';
import { API, renderConsole } from '../characters/testing.tsx';
import { logsServer } from '../logs/testing.ts';
import { lastDays } from './period.ts';
import { blocksReply, figures } from './testing.ts';

/** The graph editor's 「トラフィック表示」 (blocks/BlocksPage + useTraffic): nothing is fetched until it is on. */
function editorServer() {
  return logsServer({
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: character([block('b1'), block('b2')]), faults: [] }],
    [`GET ${API}/insight/c1/blocks`]: [
      200,
      blocksReply([figures('b1', { entries: 9, dropped: 4 })], {
        talks: 9,
        edges: [{ from: 'b1', to: 'b2', count: 5 }],
      }),
    ],
  });
}
const insightCalls = (server: ReturnType<typeof editorServer>) =>
  server.calls.filter((c) => c.url.startsWith(`${API}/insight/`));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('graph traffic toggle', () => {
  it('graph editor, traffic toggle off, asks for no insight at all', async () => {
    const server = editorServer();
    await renderConsole('/ops/characters/c1/blocks');

    const toggle = await screen.findByRole('button', { name: 'トラフィック表示' });

    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(insightCalls(server)).toEqual([]);
    expect(screen.queryByRole('note', { name: 'トラフィックの凡例' })).toBeNull();
  });

  it("graph editor, traffic toggle on, asks for the last 7 days and shows the legend with the figures' range", async () => {
    const server = editorServer();
    await renderConsole('/ops/characters/c1/blocks');

    fireEvent.click(await screen.findByRole('button', { name: 'トラフィック表示' }));

    const legend = await screen.findByRole('note', { name: 'トラフィックの凡例' });
    expect(legend.textContent).toContain('直近7日間・会話 9 件');
    expect(legend.textContent).toContain('多い（最大 9 回）');
    expect(legend.textContent).toContain('矢印の太さ＝通った回数（最大 5 回）');
    await waitFor(() => expect(insightCalls(server)).toHaveLength(1));
    expect(Object.fromEntries(insightCalls(server)[0]!.search)).toEqual(lastDays(7));
  });

  it('list view, no traffic toggle offered (it colours the graph only)', async () => {
    const server = editorServer();
    await renderConsole('/ops/characters/c1/blocks?view=list');

    await screen.findByText('タイトルb1');

    expect(screen.queryByRole('button', { name: 'トラフィック表示' })).toBeNull();
    expect(insightCalls(server)).toEqual([]);
  });
});
