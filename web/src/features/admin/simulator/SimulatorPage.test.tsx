import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';

const PAGE = '/ops/characters/demo-mirai/try';
const TRY = `POST ${API}/characters/demo-mirai/try`;

/** The demo character as catalog serves a draft to an operator (access draft, clips signed for them). */
const draftReply = () => ({
  ok: true,
  character: {
    id: demoCharacter.id,
    slug: 'mirai',
    name: 'ミライ',
    description: '',
    avatar_url: null,
    playable: true,
    published_at: null,
    access: 'draft',
    dialogue: demoCharacter,
    locked: [],
    media: {
      videos: Object.fromEntries(demoCharacter.videos.map((v) => [v.id, `/files/${v.path}?sig=x`])),
      posters: {},
      subtitles: {},
    },
  },
});

// jsdom has no media: the stage's elements neither load nor play (the clips' own behaviour is the player's tests').
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no media', 'NotSupportedError'));
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  stubCanvasNeeds();
});

/**
 * jsdom lacks what the graph canvas (xyflow) measures with: a size observer, a
 * transform matrix and performance measures. Stubbed so the canvas renders its
 * nodes; where they sit on screen is the e2e test's (test/e2e/simulator.e2e.test.ts).
 */
function stubCanvasNeeds() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'DOMMatrixReadOnly',
    class {
      m22 = 1;
    },
  );
  for (const name of ['mark', 'measure'] as const)
    if (typeof performance[name] !== 'function')
      Object.defineProperty(performance, name, { value: () => undefined, configurable: true });
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Starts the talk at a block, as the operator does with the picker. */
function startFrom(blockId: string) {
  fireEvent.change(screen.getByLabelText('このブロックから始める'), { target: { value: blockId } });
  fireEvent.click(screen.getByRole('button', { name: '開始' }));
}

describe('simulator page', () => {
  it('simulator, opened, asks for the draft and shows it in the player with the プレビュー marker, standing by', async () => {
    const server = scriptedServer({ [TRY]: [200, draftReply()] });

    await renderConsole(PAGE);

    expect(await screen.findByTestId('preview-marker')).toBeTruthy();
    expect(screen.getByRole('link', { name: '試す' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('sim-block').textContent).toBe('なし');
    expect(
      server.calls.filter((c) => c.url === `${API}/characters/demo-mirai/try` && c.method === 'POST'),
    ).toHaveLength(1);
  });

  it('simulator, started from a chosen block, enters that block and says so, with a link to it in the editor', async () => {
    scriptedServer({ [TRY]: [200, draftReply()] });
    await renderConsole(PAGE);
    await screen.findByTestId('preview-marker');

    fireEvent.change(screen.getByLabelText('このブロックから始める'), { target: { value: 'topic-travel' } });
    fireEvent.click(screen.getByRole('button', { name: '開始' }));

    await waitFor(() => expect(screen.getByTestId('sim-block').textContent).toBe('旅行の話'));
    expect(screen.getByRole('link', { name: '旅行の話' }).getAttribute('href')).toBe(
      '/ops/characters/demo-mirai/blocks?block=topic-travel',
    );
    expect(screen.getByTestId('sim-trace').textContent).toContain('旅行の話（指定ブロック）');
  });

  it('simulator, started from a block then saved as a test, posts the session as steps with the name given', async () => {
    const server = scriptedServer({
      [TRY]: [200, draftReply()],
      [`POST ${API}/characters/demo-mirai/tests`]: (call) => [
        201,
        { ok: true, test: { id: 't1', updated_at: '', ...(call.body as object) } },
      ],
    });
    await renderConsole(PAGE);
    await screen.findByTestId('preview-marker');
    fireEvent.change(screen.getByLabelText('このブロックから始める'), { target: { value: 'topic-travel' } });
    fireEvent.click(screen.getByRole('button', { name: '開始' }));
    await waitFor(() => expect(screen.getByTestId('sim-block').textContent).toBe('旅行の話'));

    fireEvent.change(screen.getByLabelText('テストの名前'), { target: { value: '旅行から' } });
    fireEvent.click(screen.getByRole('button', { name: 'この会話をテストとして保存' }));

    expect(await screen.findByText('テスト「旅行から」を保存しました（1 ステップ）。')).toBeTruthy();
    expect(server.calls.find((c) => c.url.endsWith('/tests'))?.body).toEqual({
      name: '旅行から',
      steps: [{ input: { kind: 'start_at', block_id: 'topic-travel' }, expect_block_id: 'topic-travel' }],
    });
  });

  it('simulator, nothing done yet, saving as a test says there is nothing to save and posts nothing', async () => {
    const server = scriptedServer({ [TRY]: [200, draftReply()] });
    await renderConsole(PAGE);
    await screen.findByTestId('preview-marker');

    fireEvent.click(screen.getByRole('button', { name: 'この会話をテストとして保存' }));

    expect(await screen.findByText('保存できる操作がまだありません。会話を始めてから保存してください。')).toBeTruthy();
    expect(server.calls.some((c) => c.url.endsWith('/tests'))).toBe(false);
  });

  it('simulator, moved from one block to another, highlights the current block on the graph and follows it', async () => {
    scriptedServer({ [TRY]: [200, draftReply()] });
    await renderConsole(PAGE);
    await screen.findByTestId('preview-marker');
    const graph = screen.getByRole('region', { name: 'ブロックグラフ（いまのブロックを強調）' });
    const highlighted = () => graph.querySelector('.bg-node--selected')?.textContent ?? null;
    await waitFor(() => expect(graph.querySelector('.bg-node')).toBeTruthy());
    expect(highlighted()).toBeNull();

    startFrom('topic-travel');
    await waitFor(() => expect(highlighted()).toContain('旅行の話'));
    startFrom('topic-food');

    await waitFor(() => expect(highlighted()).toContain('食べ物の話'));
    expect(graph.querySelectorAll('.bg-node--selected')).toHaveLength(1);
  });

  it('simulator, the draft refused (not an operator any more), says it could not be loaded', async () => {
    scriptedServer({ [TRY]: [403, { ok: false, code: 'FORBIDDEN', message: '権限がありません。' }] });

    await renderConsole(PAGE);

    expect(await screen.findByText('下書きを読み込めませんでした。')).toBeTruthy();
  });
});
