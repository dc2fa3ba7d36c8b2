import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, renderConsole, scriptedServer } from '../characters/testing.tsx';

const draft = {
  blocks: [
    { id: 'greet', title: 'あいさつ', action_buttons: [{ id: 'ab-fortune', title: '占いをする' }] },
    { id: 'topic-travel', title: '旅行の話', action_buttons: [] },
    { id: 'fortune', title: '占い', action_buttons: [] },
  ],
  startButtons: [{ id: 'btn-talk', title: '話す' }],
};
const talk = { input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' };
const travel = { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-travel' };
const test = { id: 't1', name: '旅行へ', steps: [talk, travel], updated_at: '2026-01-01T00:00:00.000Z' };

function editorServer(patchAnswer: [number, unknown] = [200, { ok: true, test }]) {
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter({ draft_differs: false }) }],
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: draft, faults: [] }],
    [`GET ${API}/characters/c1/tests`]: [200, { ok: true, tests: [test] }],
    [`GET ${API}/characters/c1/validate`]: [200, { ok: true, faults: [] }],
    [`PATCH ${API}/characters/c1/tests/t1`]: patchAnswer,
  });
}

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'ステップを編集' }));
  return within(screen.getByRole('list', { name: '旅行へ のステップ（編集中）' }));
}

describe('StepEditor', () => {
  it('when a step is added as a button press expecting a block chosen by title, and moved first, sends the steps in that order', async () => {
    const server = editorServer();
    await renderConsole('/ops/characters/c1/tests');
    const steps = await openEditor();

    fireEvent.click(screen.getByRole('button', { name: 'ステップを追加' }));
    fireEvent.change(steps.getByLabelText('ステップ3の操作'), { target: { value: 'button' } });
    fireEvent.change(steps.getByLabelText('ステップ3のボタン'), { target: { value: 'ab-fortune' } });
    fireEvent.change(steps.getByLabelText('ステップ3の次に進むブロック'), { target: { value: 'fortune' } });
    fireEvent.click(steps.getByRole('button', { name: 'ステップ2を削除' }));
    fireEvent.click(screen.getByRole('button', { name: 'ステップを保存' }));

    await screen.findByRole('button', { name: 'ステップを編集' });
    expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { steps: [talk, { input: { kind: 'button', button_id: 'ab-fortune' }, expect_block_id: 'fortune' }] },
    ]);
  });

  it('when steps are reordered and a block option is read, shows titles with the id on hover', async () => {
    const server = editorServer();
    await renderConsole('/ops/characters/c1/tests');
    const steps = await openEditor();

    const expect2 = steps.getByLabelText('ステップ2の次に進むブロック') as HTMLSelectElement;
    expect(expect2.selectedOptions[0]?.textContent).toBe('旅行の話');
    expect(expect2.title).toBe('topic-travel');
    fireEvent.click(steps.getByRole('button', { name: 'ステップ2を上へ' }));
    fireEvent.click(screen.getByRole('button', { name: 'ステップを保存' }));

    await screen.findByRole('button', { name: 'ステップを編集' });
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ steps: [travel, talk] });
  });

  it('when a say step is left empty, refuses before sending and names the step', async () => {
    const server = editorServer();
    await renderConsole('/ops/characters/c1/tests');
    const steps = await openEditor();

    fireEvent.change(steps.getByLabelText('ステップ2で話す言葉'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'ステップを保存' }));

    expect((await screen.findByRole('alert')).textContent).toBe('ステップ2の話す言葉を入力してください。');
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('when the server refuses, shows its message and keeps the editor open', async () => {
    editorServer([400, { ok: false, code: 'VALIDATION_FAILED', message: 'ステップの形が正しくありません。' }]);
    await renderConsole('/ops/characters/c1/tests');
    await openEditor();

    fireEvent.click(screen.getByRole('button', { name: 'ステップを保存' }));

    expect((await screen.findByRole('alert')).textContent).toBe('ステップの形が正しくありません。');
    expect(screen.getByRole('button', { name: 'ステップを保存' })).toBeTruthy();
  });
});

describe('StepEditor and TestItem, unsaved edits', () => {
  const UNSAVED = '保存していない変更があります。移動すると変更は失われます。移動しますか？';
  const settingTab = () =>
    within(screen.getByRole('navigation', { name: 'キャラクターの画面' })).getByRole('link', { name: '初期設定' });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("StepEditor, a step's words changed and a character tab clicked, asks; staying keeps the editor and the words", async () => {
    editorServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/characters/c1/tests');
    const steps = await openEditor();
    fireEvent.change(steps.getByLabelText('ステップ2で話す言葉'), { target: { value: '温泉' } });

    fireEvent.click(settingTab());

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect((steps.getByLabelText('ステップ2で話す言葉') as HTMLInputElement).value).toBe('温泉');
  });

  it('StepEditor, opened and nothing changed, leaves by a tab without asking', async () => {
    editorServer();
    const confirm = vi.spyOn(window, 'confirm');
    await renderConsole('/ops/characters/c1/tests');
    await openEditor();

    fireEvent.click(settingTab());

    await vi.waitFor(() => expect(screen.queryByRole('list', { name: '旅行へ のステップ（編集中）' })).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('TestItem, a new name typed and not saved, asks the browser before the tab is closed', async () => {
    editorServer();
    await renderConsole('/ops/characters/c1/tests');
    fireEvent.click(await screen.findByRole('button', { name: '名前を変更' }));
    fireEvent.change(screen.getByLabelText('テストの名前'), { target: { value: '温泉へ' } });
    const unload = new Event('beforeunload', { cancelable: true });

    window.dispatchEvent(unload);

    expect(unload.defaultPrevented).toBe(true);
  });
});
