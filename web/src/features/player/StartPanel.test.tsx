import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { aCustomer, playerServer, renderControls } from './controls-test-kit.tsx';

const standby = [{ type: 'showStartButtons' as const, buttons: demoCharacter.startButtons }];
const resumeAnswer = (blockId: string | null, title: string | null = null) =>
  [200, { ok: true, block_id: blockId, title, updated_at: blockId ? '2026-11-20T03:00:00.000Z' : null }] as [
    number,
    unknown,
  ];

describe('start panel', () => {
  it('resume, signed in with a place left last time, offers to resume beside the start buttons and resumes from that block', async () => {
    const user = aCustomer();
    const server = playerServer({ 'POST next_start_block': resumeAnswer('topic-travel', '旅行の話') }, user);
    const { runner } = await renderControls({ commands: standby, user });

    expect(await screen.findByText('前回の続きから再開しますか？')).toBeTruthy();
    expect(screen.getByText('前回の場面：旅行の話')).toBeTruthy();
    expect(screen.getByRole('button', { name: '話す' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '続きから再開する' }));

    expect(server.calls.find((c) => c.url === '/api/next_start_block')?.body).toEqual({ character_id: 'demo-mirai' });
    expect(runner.sent).toEqual([{ type: 'start', source: 'resume', blockId: 'topic-travel' }]);
    expect(runner.talks).toEqual([{ btn: 'resume', resumedFrom: 'topic-travel' }]);
  });

  it('resume, in en-US with the block title translated, names the place in English', async () => {
    const user = aCustomer();
    const answer = resumeAnswer('topic-travel', '旅行の話');
    (answer[1] as Record<string, unknown>).title_i18n = { 'en-US': 'Talking about travel' };
    playerServer({ 'POST next_start_block': answer }, user);

    await renderControls({ commands: standby, user, language: 'en-US' });

    expect(await screen.findByText(/Talking about travel/u)).toBeTruthy();
    expect(screen.queryByText(/旅行の話/u)).toBeNull();
  });

  it('resume, offered but the user starts anew, starts the button normally and the offer goes', async () => {
    const user = aCustomer();
    playerServer({ 'POST next_start_block': resumeAnswer('topic-travel') }, user);
    const { runner } = await renderControls({ commands: standby, user });
    await screen.findByText('前回の続きから再開しますか？');

    fireEvent.click(screen.getByRole('button', { name: '占い' }));

    expect(runner.sent).toEqual([{ type: 'start', source: 'button', buttonId: 'btn-fortune' }]);
    expect(screen.queryByText('前回の続きから再開しますか？')).toBeNull();
  });

  it('resume, nothing to resume (null block), shows only the start buttons', async () => {
    const user = aCustomer();
    const server = playerServer({ 'POST next_start_block': resumeAnswer(null) }, user);
    await renderControls({ commands: standby, user });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/next_start_block')).toBe(true));

    expect(await screen.findByRole('button', { name: '話す' })).toBeTruthy();
    expect(screen.queryByText('前回の続きから再開しますか？')).toBeNull();
  });

  it('resume, the server fails, shows the start buttons without an offer', async () => {
    const user = aCustomer();
    playerServer({ 'POST next_start_block': [500, { ok: false, message: 'down' }] }, user);
    await renderControls({ commands: standby, user });

    expect(await screen.findByRole('button', { name: '話す' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '続きから再開する' })).toBeNull();
  });

  it('resume, a visitor (logged out), never asks the server', async () => {
    const server = playerServer();
    await renderControls({ commands: standby, user: null });

    await screen.findByRole('button', { name: '話す' });

    expect(server.calls.some((c) => c.url === '/api/next_start_block')).toBe(false);
  });

  it('mic test, opened with ?mic_test=1 on a character with a mic-test block, starts the talk as a mic test once, without a resume offer', async () => {
    const user = aCustomer();
    const server = playerServer({ 'POST next_start_block': resumeAnswer('topic-travel') }, user);
    const { runner } = await renderControls({ commands: standby, user, micTest: true });

    await vi.waitFor(() => expect(runner.sent).toEqual([{ type: 'start', source: 'micTest' }]));
    expect(runner.talks).toEqual([{ btn: 'micTest' }]);
    expect(server.calls.some((c) => c.url === '/api/next_start_block')).toBe(false);
  });
});
