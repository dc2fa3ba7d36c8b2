import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { talkEntries } from './talkList.ts';
import TalksPage from './TalksPage.tsx';
import { aCharacter, aPlace, signedIn, talksServer } from './testing.ts';

const routes = [{ path: '/chat', element: <TalksPage /> }];

describe('TalksPage', () => {
  it('TalksPage, two characters talked with, lists them newest first with what was said, resume and album links', async () => {
    const yui = aCharacter({ name: 'ユイ' });
    const mirai = aCharacter({ name: 'ミライ', avatar_url: '/files/mirai.webp' });
    const { user, state } = signedIn();
    const server = talksServer({
      'POST history': [
        200,
        { ok: true, historyState: [aPlace(mirai.id, { utterance: '京都', steps: 7 }), aPlace(yui.id)] },
      ],
      'GET characters': [200, { ok: true, characters: [yui, mirai] }],
    });

    await renderRoutes(routes, { path: '/chat', state });

    const rows = within(await screen.findByRole('list', { name: '話したキャラクター' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['ミライ', 'ユイ']);
    expect(within(rows[0]!).getByText('最後の言葉：「京都」')).toBeTruthy();
    expect(within(rows[0]!).getByText(/7回のやりとり/)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'ミライと続きから話す' }).getAttribute('href')).toBe(
      `/full/chat/${mirai.slug}`,
    );
    expect(within(rows[0]!).getByRole('link', { name: 'ミライのアルバム' }).getAttribute('href')).toBe(
      `/full/album/${mirai.slug}`,
    );
    expect(within(rows[0]!).getByRole('link', { name: 'ミライと続きから話す' }).textContent).toBe('続きから');
    expect(server.calls.find((call) => call.url === '/api/history')).toMatchObject({
      method: 'POST',
      body: { user_id: user.id },
    });
  });

  it('TalksPage, a place with its conversation, shows what the user said and the block titles by talk, newest last', async () => {
    const mirai = aCharacter({ name: 'ミライ' });
    const conversation = [
      {
        at: '2026-03-01T03:00:00.000Z',
        block_id: 'b1',
        block_title: 'はじめまして',
        said: 'こんにちは',
        talk_id: 't1',
      },
      {
        at: '2026-03-01T03:01:00.000Z',
        block_id: 'b2',
        block_title: '好きな食べ物',
        said: '好きな食べ物は？',
        talk_id: 't1',
      },
      { at: '2026-03-02T05:00:00.000Z', block_id: 'b3', block_title: null, said: '', talk_id: 't2' },
    ];
    talksServer({
      'POST history': [200, { ok: true, historyState: [aPlace(mirai.id, { utterance: '', conversation })] }],
      'GET characters': [200, { ok: true, characters: [mirai] }],
    });

    await renderRoutes(routes, { path: '/chat', state: signedIn().state });

    const talks = within(await screen.findByRole('list', { name: 'ミライとの会話' })).getAllByRole('list');
    expect(
      talks.map((talk) =>
        within(talk)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ),
    ).toEqual([
      ['あなた：「こんにちは」はじめまして', 'あなた：「好きな食べ物は？」好きな食べ物'],
      ['あなた：（ボタンで選択）（いまはない話題）'],
    ]);
    expect(screen.queryByText(/最後の言葉/)).toBeNull();
  });

  it('TalksPage, a long conversation, shows the latest lines and the whole on request', async () => {
    const mirai = aCharacter({ name: 'ミライ' });
    const conversation = Array.from({ length: 9 }, (_, i) => ({
      at: `2026-03-01T03:0${i}:00.000Z`,
      block_id: `b${i}`,
      block_title: `話題${i}`,
      said: `言葉${i}`,
      talk_id: 't1',
    }));
    talksServer({
      'POST history': [200, { ok: true, historyState: [aPlace(mirai.id, { conversation })] }],
      'GET characters': [200, { ok: true, characters: [mirai] }],
    });
    await renderRoutes(routes, { path: '/chat', state: signedIn().state });

    expect(await screen.findByText('あなた：「言葉8」')).toBeTruthy();
    expect(screen.queryByText('あなた：「言葉0」')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '会話をすべて見る（9件）' }));

    expect(screen.getByText('あなた：「言葉0」')).toBeTruthy();
  });

  it('TalksPage, no talks yet, offers to choose a character', async () => {
    talksServer({
      'POST history': [200, { ok: true, historyState: [] }],
      'GET characters': [200, { ok: true, characters: [aCharacter()] }],
    });

    await renderRoutes(routes, { path: '/chat', state: signedIn().state });

    expect(await screen.findByText('まだ話したキャラクターがいません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'キャラクターをえらぶ' }).getAttribute('href')).toBe('/full/select_chat');
  });

  it('TalksPage, the history failing, shows an error with a reload button that asks again', async () => {
    const server = talksServer({
      'POST history': [500, { ok: false, message: 'boom' }],
      'GET characters': [200, { ok: true, characters: [] }],
    });
    await renderRoutes(routes, { path: '/chat', state: signedIn().state });

    expect(await screen.findByText(/トーク履歴を読み込めませんでした。/)).toBeTruthy();
    const before = server.calls.filter((call) => call.url === '/api/history').length;
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    await vi.waitFor(() =>
      expect(server.calls.filter((call) => call.url === '/api/history').length).toBeGreaterThan(before),
    );
  });

  it('TalksPage, in English, uses the English texts', async () => {
    const yui = aCharacter({ name: 'Yui' });
    talksServer({
      'POST history': [200, { ok: true, historyState: [aPlace(yui.id, { steps: 1 })] }],
      'GET characters': [200, { ok: true, characters: [yui] }],
    });

    await renderRoutes(routes, { path: '/chat', state: signedIn().state, language: 'en-US' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your talks' })).toBeTruthy();
    expect(await screen.findByText(/1 exchange$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue talking with Yui' }).textContent).toBe('Continue');
  });
});

describe('talkEntries', () => {
  it('talkEntries, a place with an unpublished character or one without a URL name, leaves it out', () => {
    const shown = aCharacter();
    const noSlug = aCharacter({ slug: null });

    const entries = talkEntries([aPlace('gone'), aPlace(noSlug.id), aPlace(shown.id)], [shown, noSlug]);

    expect(entries.map((entry) => entry.character.id)).toEqual([shown.id]);
  });
});
