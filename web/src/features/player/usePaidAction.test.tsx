import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ActionButton } from '@talkwith/proto/dialogue';
import { aCustomer, playerServer, renderControls } from './controls-test-kit.tsx';
import { actionCodeOf } from './paidAction.ts';

const hint = (fields: Partial<ActionButton> = {}): ActionButton => ({
  id: `ab-hint-${Math.random().toString(36).slice(2, 6)}`,
  title: 'ヒントを聞く',
  kind: 'block',
  block_id: 'greet',
  video_id: null,
  code: 'HINT',
  points: 30,
  ...fields,
});

const showing = (button: ActionButton) => [{ type: 'showActionButtons' as const, buttons: [button] }];

describe('paid action buttons', () => {
  it('paid button, confirmed, shows the cost, spends the points with an Idempotency-Key and only then acts', async () => {
    const user = aCustomer();
    const button = hint();
    const server = playerServer({ [`POST points/use/${user.id}`]: [200, { ok: true, used: 30, points: 70 }] }, user);
    const { runner } = await renderControls({ commands: showing(button), user });

    fireEvent.click(await screen.findByRole('button', { name: /ヒントを聞く/u }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('「ヒントを聞く」には30ポイントを使います。使いますか？')).toBeTruthy();
    expect(runner.sent).toEqual([{ type: 'pause' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: '30ポイント使う' }));

    await vi.waitFor(() =>
      expect(runner.sent).toEqual([
        { type: 'pause' },
        { type: 'resume' },
        { type: 'actionButton', buttonId: button.id },
      ]),
    );
    const use = server.calls.find((c) => c.url === `/api/points/use/${user.id}`);
    expect(use?.body).toEqual({ points: 30, action_code: 'HINT', character_id: 'demo-mirai', btn: button.id });
    expect(use?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/u);
  });

  it('paid button, its flow’s chunk failing to load, says the points were not used, spends nothing and lets the talk go on', async () => {
    const user = aCustomer();
    const server = playerServer({}, user);
    vi.doMock('./paidAction.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { runner } = await renderControls({ commands: showing(hint()), user });

    fireEvent.click(await screen.findByRole('button', { name: /ヒントを聞く/u }));
    const dialog = await screen.findByRole('dialog');
    vi.doUnmock('./paidAction.ts');
    const message = within(dialog).getByText('ポイントを使えませんでした。');
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: '閉じる' })
        .find((el) => el.textContent === '閉じる')!,
    );

    expect(message).toBeTruthy();
    await vi.waitFor(() => expect(runner.sent).toEqual([{ type: 'pause' }, { type: 'resume' }]));
    expect(server.calls.some((c) => c.url.startsWith('/api/points/use'))).toBe(false);
  });

  it('paid button, not enough points, shows the server message and never acts', async () => {
    const user = aCustomer();
    playerServer(
      {
        [`POST points/use/${user.id}`]: [
          402,
          { ok: false, code: 'INSUFFICIENT_POINTS', message: 'ポイントが足りません。' },
        ],
      },
      user,
    );
    const { runner } = await renderControls({ commands: showing(hint()), user });

    fireEvent.click(await screen.findByRole('button', { name: /ヒントを聞く/u }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '30ポイント使う' }));

    expect(await screen.findByText('ポイントが足りません。')).toBeTruthy();
    const close = within(screen.getByRole('dialog'))
      .getAllByRole('button', { name: '閉じる' })
      .find((el) => el.textContent === '閉じる');
    if (!close) throw new Error('no close button');
    fireEvent.click(close);
    await vi.waitFor(() => expect(runner.sent).toEqual([{ type: 'pause' }, { type: 'resume' }]));
  });

  it('paid button, cancelled, spends nothing, resumes the talk and does not act', async () => {
    const user = aCustomer();
    const server = playerServer({}, user);
    const { runner } = await renderControls({ commands: showing(hint()), user });

    fireEvent.click(await screen.findByRole('button', { name: /ヒントを聞く/u }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'やめる' }));

    await vi.waitFor(() => expect(runner.sent).toEqual([{ type: 'pause' }, { type: 'resume' }]));
    expect(server.calls.some((c) => c.url.startsWith('/api/points/use'))).toBe(false);
  });

  it('free button (no points), acts at once without asking', async () => {
    const button = hint({ points: 0 });
    const user = aCustomer();
    const server = playerServer({}, user);
    const { runner } = await renderControls({ commands: showing(button), user });

    fireEvent.click(await screen.findByRole('button', { name: 'ヒントを聞く' }));

    expect(runner.sent).toEqual([{ type: 'actionButton', buttonId: button.id }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.some((c) => c.url.startsWith('/api/points/use'))).toBe(false);
  });

  it('paid button, a visitor, is sent to log in and nothing is spent', async () => {
    const server = playerServer();
    const { runner, router } = await renderControls({ commands: showing(hint()), user: null });

    fireEvent.click(await screen.findByRole('button', { name: /ヒントを聞く/u }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(runner.sent).toEqual([]);
    expect(server.calls.some((c) => c.url.startsWith('/api/points/use'))).toBe(false);
  });

  it('actionCodeOf, a button without a code (or a blank one), uses the button id', () => {
    expect(actionCodeOf(hint({ id: 'ab-1', code: '' }))).toBe('ab-1');
    expect(actionCodeOf(hint({ id: 'ab-1', code: '  ' }))).toBe('ab-1');
    expect(actionCodeOf(hint({ id: 'ab-1', code: 'HINT' }))).toBe('HINT');
  });
});
