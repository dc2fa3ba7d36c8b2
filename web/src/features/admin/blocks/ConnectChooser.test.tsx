import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp, sampleUser } from '../../../test/harness.tsx';
import { ConnectChooser } from './ConnectChooser.tsx';
import { useGraphEdits } from './useGraphEdits.ts';
import { block, character, CID } from './testing.ts';

const API = '/api/ops';
const adminSession = {
  status: 'authenticated' as const,
  accessToken: 't',
  user: { ...sampleUser, roles: ['admin' as const] },
};

async function renderChooser() {
  const onPick = vi.fn();
  const onCancel = vi.fn();
  await renderWithApp(
    <ConnectChooser
      sourceTitle="あいさつ"
      targetTitle="ラーメン"
      busy={false}
      error={null}
      onPick={onPick}
      onCancel={onCancel}
    />,
    { state: { session: adminSession } },
  );
  return { onPick, onCancel };
}

/** useGraphEdits inside the app's store (RTK Query), as the blocks page uses it. */
async function renderEdits(server: Parameters<typeof fakeServer>[0]) {
  const fake = fakeServer(server);
  const c = character([block('b1', { hit_words: [{ words: ['はい'], block_id: 'b2', slot: null }] }), block('b2')]);
  let edits: ReturnType<typeof useGraphEdits> | null = null;
  function Host() {
    edits = useGraphEdits(API, c, '保存できませんでした');
    return null;
  }
  await renderWithApp(<Host />, { state: { session: adminSession } });
  return { calls: fake.calls, edits: () => edits! };
}

describe('ConnectChooser', () => {
  it('ConnectChooser, a hit word without words, cannot be added; with words, picks hit_word and the split words', async () => {
    const { onPick } = await renderChooser();
    const add = screen.getByRole('button', { name: '追加' });
    expect(screen.getByRole('dialog', { name: '「あいさつ」→「ラーメン」の遷移を追加' })).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('ヒットワード（読点・カンマ区切り）'), {
      target: { value: 'ラーメン、つけ麺' },
    });
    fireEvent.click(add);

    expect(onPick).toHaveBeenCalledWith('hit_word', ['ラーメン', 'つけ麺']);
  });

  it('ConnectChooser, 「無効発話の最終」 chosen, picks that kind without words', async () => {
    const { onPick } = await renderChooser();

    fireEvent.click(screen.getByLabelText('無効発話の最終'));
    fireEvent.click(screen.getByRole('button', { name: '追加' }));

    expect(onPick).toHaveBeenCalledWith('invalid_final', []);
  });

  it('ConnectChooser, Escape, cancels', async () => {
    const { onCancel } = await renderChooser();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    expect(onCancel).toHaveBeenCalled();
  });
});

describe('useGraphEdits', () => {
  it('useGraphEdits, a drag from b2 to b1 answered 「聞き取り後」, PUTs listen_next_block on b2 and closes the chooser', async () => {
    const { calls, edits } = await renderEdits(() => [
      200,
      { ok: true, block: block('b2', { listen_next_block: ['b1'] }) },
    ]);

    act(() => edits().requestConnection('b2', 'b1'));
    await act(() => edits().connect('listen_next', []));

    expect(calls).toEqual([
      expect.objectContaining({ method: 'PUT', url: `${API}/blocks/${CID}/b2`, body: { listen_next_block: ['b1'] } }),
    ]);
    await waitFor(() => expect(edits().pending).toBeNull());
  });

  it('useGraphEdits, the hit-word edge deleted, PUTs the block without that hit word', async () => {
    const { calls, edits } = await renderEdits(() => [200, { ok: true, block: block('b1') }]);

    await act(() => edits().disconnect([{ id: 'b1→b2#hit_words[0].block_id#0', source: 'b1', target: 'b2' }]));

    expect(calls).toEqual([
      expect.objectContaining({ method: 'PUT', url: `${API}/blocks/${CID}/b1`, body: { hit_words: [] } }),
    ]);
  });

  it('useGraphEdits, the server refusing the new edge, keeps the chooser open with the message', async () => {
    const { edits } = await renderEdits(() => [
      409,
      { ok: false, code: 'BLOCK_LOCKED', message: 'ブロック「b2」はロックされています。' },
    ]);

    act(() => edits().requestConnection('b2', 'b1'));
    await act(() => edits().connect('play_final', []));

    expect(edits().pending).toEqual({ source: 'b2', target: 'b1' });
    expect(edits().error).toBe('ブロック「b2」はロックされています。');
  });
});
