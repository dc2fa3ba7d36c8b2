import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Character } from '@talkwith/proto/dialogue';
import { fakeServer, renderWithApp, sampleUser, type RecordedCall } from '../../../test/harness.tsx';
import { BlockPanel } from './BlockPanel.tsx';
import { blocksApi } from './blocksApi.ts';
import { block, character, CID } from './testing.ts';

const API = '/api/ops';
const adminSession = {
  status: 'authenticated' as const,
  accessToken: 't',
  user: { ...sampleUser, roles: ['admin' as const] },
};

async function renderPanel(c: Character, blockId: string | null, server: (call: RecordedCall) => [number, unknown]) {
  const fake = fakeServer(server);
  const onSaved = vi.fn();
  const original = blockId === null ? null : (c.blocks.find((b) => b.id === blockId) ?? null);
  const harness = await renderWithApp(
    <BlockPanel base={API} character={c} block={original} onClose={() => {}} onSaved={onSaved} />,
    { state: { session: adminSession } },
  );
  return { ...harness, calls: fake.calls, onSaved };
}

const edited = (c: Character, id: string, fields: object) => ({
  ok: true,
  block: { ...c.blocks.find((b) => b.id === id), ...fields },
});

describe('BlockPanel', () => {
  it('BlockPanel, a changed title and a chosen next block, PUTs only those two fields', async () => {
    const c = character([block('b1'), block('b2', { title: '二番' })]);
    const { calls, onSaved } = await renderPanel(c, 'b1', () => [
      200,
      edited(c, 'b1', { title: '新しい', listen_next_block: ['b2'] }),
    ]);

    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: '新しい' } });
    fireEvent.change(screen.getByLabelText('有効発話後の次ブロック'), { target: { value: 'b2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('b1'));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: `${API}/blocks/${CID}/b1`,
        body: { title: '新しい', listen_next_block: ['b2'] },
      }),
    ]);
    expect(await screen.findByText('保存しました。')).toBeTruthy();
  });

  it("BlockPanel, an action button's label typed in en-US, PUTs the button with its translations", async () => {
    const button = { id: 'button1', title: 'おわる', kind: 'end' as const, block_id: null, video_id: null };
    const c = character([block('b1', { action_buttons: [button] })]);
    const { calls, onSaved } = await renderPanel(c, 'b1', () => [200, edited(c, 'b1', {})]);

    fireEvent.change(screen.getByLabelText('ボタンの表示名（en-US）'), { target: { value: 'End' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('b1'));
    expect(calls[0]?.body).toEqual({
      action_buttons: [expect.objectContaining({ ...button, title_i18n: { 'en-US': 'End' } })],
    });
  });

  it("BlockPanel, the block's title typed in zh-TW (customers see it in their talk history), PUTs its translations", async () => {
    const c = character([block('b1', { title: 'あいさつ' })]);
    const { calls, onSaved } = await renderPanel(c, 'b1', () => [200, edited(c, 'b1', {})]);

    fireEvent.change(screen.getByLabelText('タイトル（zh-TW）'), { target: { value: '打招呼' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('b1'));
    expect(calls[0]?.body).toEqual({ title_i18n: { 'zh-TW': '打招呼' } });
  });

  it('BlockPanel, a negative count and a hit word without words, shows the schema errors and sends nothing', async () => {
    const c = character([block('b1', { hit_words: [{ words: ['はい'], block_id: 'b1', slot: null }] })]);
    const { calls } = await renderPanel(c, 'b1', () => [200, {}]);

    fireEvent.change(screen.getByLabelText('無効発話の上限回数（0 = 無制限）'), { target: { value: '-2' } });
    fireEvent.change(screen.getByLabelText('ワード'), { target: { value: '、 ,' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('0 以上の数を入力してください。')).toBeTruthy();
    expect(screen.getByText('1 件以上必要です。')).toBeTruthy();
    expect(screen.getByText('入力内容を確認してください。')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('BlockPanel, a hit word typed and Enter pressed at once (no blur), POSTs the block with that word', async () => {
    const c = character([block('b1')]);
    const { calls, onSaved } = await renderPanel(c, null, (call) => [
      201,
      { ok: true, block: { ...(call.body as { block: object }).block }, blocks: [] },
    ]);
    fireEvent.change(screen.getByLabelText('ブロックID'), { target: { value: 'greeting' } });
    fireEvent.click(screen.getByRole('button', { name: 'ヒットワードを追加' }));
    fireEvent.change(screen.getByLabelText('遷移先ブロック'), { target: { value: 'b1' } });

    const words = screen.getByLabelText('ワード');
    fireEvent.change(words, { target: { value: 'ラーメン、つけ麺' } });
    // Enter in a text field submits its form without the field losing focus (jsdom has no implicit submission, so the submit is fired directly).
    fireEvent.submit(words.closest('form')!);

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('greeting'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { block: { id: 'greeting', hit_words: [{ words: ['ラーメン', 'つけ麺'], block_id: 'b1', slot: null }] } },
    });
  });

  it('BlockPanel, a stored hit word edited and Enter pressed, PUTs the edited words', async () => {
    const c = character([block('b1', { hit_words: [{ words: ['はい'], block_id: 'b1', slot: null }] })]);
    const { calls } = await renderPanel(c, 'b1', () => [200, edited(c, 'b1', {})]);

    const words = screen.getByLabelText('ワード');
    fireEvent.change(words, { target: { value: 'はい、うん、' } });
    fireEvent.submit(words.closest('form')!);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: { hit_words: [{ words: ['はい', 'うん'], block_id: 'b1', slot: null }] },
    });
    expect((words as HTMLInputElement).value).toBe('はい、うん、'); // what was typed stays as typed, trailing 「、」 included
  });

  it('BlockPanel, English words typed for a stored hit word, PUTs them as its en-US words beside the Japanese', async () => {
    const c = character([block('b1', { hit_words: [{ words: ['旅行'], block_id: 'b1', slot: null }] })]);
    const { calls } = await renderPanel(c, 'b1', () => [200, edited(c, 'b1', {})]);

    const english = screen.getByLabelText('ワード（en-US）');
    fireEvent.change(english, { target: { value: 'travel, trip' } });
    fireEvent.submit(english.closest('form')!);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: {
        hit_words: [{ words: ['旅行'], words_i18n: { 'en-US': ['travel', 'trip'] }, block_id: 'b1', slot: null }],
      },
    });
  });

  it('BlockPanel, the English words of a hit word cleared, PUTs the hit word without words_i18n', async () => {
    const stored = { words: ['旅行'], words_i18n: { 'en-US': ['trip'] }, block_id: 'b1', slot: null };
    const c = character([block('b1', { hit_words: [stored] })]);
    const { calls } = await renderPanel(c, 'b1', () => [200, edited(c, 'b1', {})]);

    const english = screen.getByLabelText('ワード（en-US）');
    expect((english as HTMLInputElement).value).toBe('trip');
    fireEvent.change(english, { target: { value: '' } });
    fireEvent.submit(english.closest('form')!);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(JSON.stringify(calls[0]?.body))).toEqual({
      hit_words: [{ words: ['旅行'], block_id: 'b1', slot: null }],
    });
  });

  it('BlockPanel, the first of two hit-word rows removed, shows the second row words in the remaining field', async () => {
    const c = character([
      block('b1', {
        hit_words: [
          { words: ['はい'], block_id: 'b1', slot: null },
          { words: ['いいえ', 'ちがう'], block_id: 'b1', slot: null },
        ],
      }),
    ]);
    await renderPanel(c, 'b1', () => [200, {}]);

    fireEvent.change(screen.getAllByLabelText('ワード')[1]!, { target: { value: 'いいえ、ちがう、だめ' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'この行を削除' })[0]!);

    const remaining = screen.getAllByLabelText('ワード');
    expect(remaining.map((input) => (input as HTMLInputElement).value)).toEqual(['いいえ、ちがう、だめ']);
  });

  it('BlockPanel, a title over the server limit, is refused before sending', async () => {
    const c = character([block('b1')]);
    const { calls } = await renderPanel(c, 'b1', () => [200, {}]);

    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: 'あ'.repeat(5001) } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('5000 文字以内で入力してください。')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('BlockPanel, a locked block, opens read-only and the unlock button calls updateBlockLock', async () => {
    const c = character([block('b1', { is_edit_locked: true })]);
    const { calls } = await renderPanel(c, 'b1', () => [200, { ok: true, locked: [], unlocked: ['b1'] }]);

    expect((screen.getByLabelText('タイトル') as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'ロックを解除' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${API}/blocks/updateBlockLock`,
      body: { characterId: CID, unlockBlockIds: ['b1'], lockBlockIds: [] },
    });
  });

  it('BlockPanel, the server answers 409 BLOCK_LOCKED, shows its Japanese message', async () => {
    const c = character([block('b1')]);
    await renderPanel(c, 'b1', () => [
      409,
      { ok: false, code: 'BLOCK_LOCKED', message: 'このブロックはロックされています。' },
    ]);

    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: '変更' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    expect((await screen.findByRole('alert')).textContent).toContain('このブロックはロックされています。');
  });

  it('BlockPanel, a server error naming a field, shows it beside that field', async () => {
    const c = character([block('b1'), block('b2')]);
    await renderPanel(c, 'b1', () => [
      400,
      { ok: false, code: 'DANGLING_REFERENCE', field: 'listen_next_block', message: 'ブロック b2 は存在しません。' },
    ]);

    fireEvent.change(screen.getByLabelText('有効発話後の次ブロック'), { target: { value: 'b2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    const message = await screen.findByText('ブロック b2 は存在しません。');
    expect(message.closest('.field')?.querySelector('label')?.textContent).toBe('有効発話後の次ブロック');
  });

  it('BlockPanel, id pickers, offer only the blocks and videos of the character', async () => {
    const c = character([block('b1'), block('b2')]);
    await renderPanel(c, 'b1', () => [200, {}]);

    const options = [...(screen.getByLabelText('トリガー動画') as HTMLSelectElement).options].map((o) => o.value);

    expect(options).toEqual(['', 'v2', 'v1']);
  });

  it('BlockPanel, clip and block pickers, show the title first and the id after it (an untitled block by its id)', async () => {
    const c = character([block('b1', { title: '' }), block('b2', { title: '二番' })]);
    await renderPanel(c, 'b1', () => [200, {}]);

    const textsOf = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);

    // Clips by title (あいさつ before 待機), not by id.
    expect(textsOf('トリガー動画')).toEqual(['（なし）', 'あいさつ（v2）', '待機（v1）']);
    expect(textsOf('SPJアウト後のブロック')).toEqual(['（なし）', 'b1', '二番（b2）']);
  });

  it('BlockPanel, a new block with an id already taken, is refused; a fresh id is POSTed whole', async () => {
    const c = character([block('b1')]);
    const { calls, onSaved } = await renderPanel(c, null, (call) => [
      201,
      { ok: true, block: { ...(call.body as { block: object }).block }, blocks: [] },
    ]);

    fireEvent.change(screen.getByLabelText('ブロックID'), { target: { value: 'b1' } });
    fireEvent.click(screen.getByRole('button', { name: '作成' }));
    expect(await screen.findByText('このIDのブロックはすでにあります。')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('ブロックID'), { target: { value: 'greeting' } });
    fireEvent.click(screen.getByRole('button', { name: '作成' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('greeting'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${API}/blocks`,
      body: { character_id: CID, block: { id: 'greeting', character_id: CID, play_again: true } },
    });
  });

  it('BlockPanel, a saved edit, replaces the block in the cached character without refetching it', async () => {
    const c = character([block('b1')]);
    const { store } = await renderPanel(c, 'b1', () => [200, edited(c, 'b1', { title: '更新後' })]);
    // The store is typed with the app's endpoints only; the console injects this one at run time.
    store.dispatch(
      blocksApi.util.upsertQueryData(
        'blockEditorCharacter',
        { base: API, characterId: CID },
        { ok: true, character: c, faults: [] },
      ) as never,
    );

    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: '更新後' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => {
      const cached = blocksApi.endpoints.blockEditorCharacter.select({ base: API, characterId: CID })(
        store.getState() as never,
      );
      expect(cached.data?.character.blocks[0]?.title).toBe('更新後');
    });
  });
});
