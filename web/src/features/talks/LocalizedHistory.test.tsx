import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import TalksPage from './TalksPage.tsx';
import { aCharacter, aPlace, signedIn, talksServer } from './testing.ts';

const routes = [{ path: '/chat', element: <TalksPage /> }];

describe('talk history in the interface language', () => {
  it('when the interface is en-US, the history names the character and the block titles in English, a title without one in Japanese', async () => {
    const mirai = aCharacter({ name: 'ミライ', name_i18n: { 'en-US': 'Mirai' } });
    const conversation = [
      {
        at: '2026-03-01T03:00:00.000Z',
        block_id: 'greet',
        block_title: 'あいさつ',
        block_title_i18n: { 'en-US': 'Greeting' },
        said: 'hello',
        talk_id: 't1',
      },
      { at: '2026-03-01T03:01:00.000Z', block_id: 'food', block_title: '食べ物の話', said: 'ramen', talk_id: 't1' },
    ];
    talksServer({
      'POST history': [200, { ok: true, historyState: [aPlace(mirai.id, { utterance: '', conversation })] }],
      'GET characters': [200, { ok: true, characters: [mirai] }],
    });

    await renderRoutes(routes, { path: '/chat', state: signedIn().state, language: 'en-US' });

    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Mirai');
    const talk = screen.getByRole('list', { name: /Mirai/u });
    const blocks = [...talk.querySelectorAll('.talk-line__block')].map((block) => block.textContent);
    expect(blocks).toEqual(['Greeting', '食べ物の話']);
    expect(screen.queryByText('ミライ')).toBeNull();
  });
});
