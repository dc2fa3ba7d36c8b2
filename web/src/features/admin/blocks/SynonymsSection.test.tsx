import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Character } from '@talkwith/proto/dialogue';
import { fakeServer, renderWithApp, sampleUser, type RecordedCall } from '../../../test/harness.tsx';
import { BlockPanel } from './BlockPanel.tsx';
import { block, character, CID } from './testing.ts';

const API = '/api/ops';
const adminSession = {
  status: 'authenticated' as const,
  accessToken: 't',
  user: { ...sampleUser, roles: ['admin' as const] },
};

async function renderPanel(c: Character, server: (call: RecordedCall) => [number, unknown]) {
  const fake = fakeServer(server);
  await renderWithApp(<BlockPanel base={API} character={c} block={c.blocks[0]!} onClose={() => {}} />, {
    state: { session: adminSession },
  });
  return fake.calls;
}

const foodBlock = () => block('b1', { hit_words: [{ words: ['食べ物', '旅行'], block_id: 'b1', slot: null }] });

describe('SynonymsSection (block panel)', () => {
  it('SynonymsSection, a hit word with synonyms, shows them beside it and removing one PUTs the rest', async () => {
    const c = character([foodBlock()], { synonyms: [{ word: '食べ物', synonyms: ['料理', 'ごはん'] }] });
    const calls = await renderPanel(c, (call) => [
      200,
      { ok: true, synonyms: [{ word: '食べ物', synonyms: (call.body as { synonyms: string[] }).synonyms }] },
    ]);

    expect(screen.getByRole('group', { name: '「食べ物」の類義語' }).textContent).toContain('料理');
    fireEvent.click(screen.getByRole('button', { name: '類義語「料理」を外す' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `${API}/characters/${CID}/synonyms`,
      body: { word: '食べ物', synonyms: ['ごはん'] },
    });
  });

  it("SynonymsSection, a hit word's English words, get synonym rows of their own beside the Japanese", async () => {
    const route = { words: ['食べ物'], words_i18n: { 'en-US': ['food'] }, block_id: 'b1', slot: null };
    const c = character([block('b1', { hit_words: [route] })], { synonyms: [{ word: 'food', synonyms: ['meal'] }] });
    await renderPanel(c, () => [200, { ok: true, synonyms: [] }]);

    expect(screen.getByRole('group', { name: '「食べ物」の類義語' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '「food」の類義語' }).textContent).toContain('meal');
  });

  it('SynonymsSection, a synonym typed and added, PUTs it after the existing ones', async () => {
    const c = character([foodBlock()], { synonyms: [{ word: '旅行', synonyms: ['旅'] }] });
    const calls = await renderPanel(c, () => [200, { ok: true, synonyms: [] }]);

    fireEvent.change(screen.getByLabelText('「旅行」に類義語を追加'), { target: { value: 'おでかけ、トラベル' } });
    fireEvent.click(screen.getAllByRole('button', { name: '追加' })[1]!);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { word: '旅行', synonyms: ['旅', 'おでかけ', 'トラベル'] } });
  });

  it("SynonymsSection, 「候補を読み込む」 then one candidate accepted, asks for the block's words and PUTs the accepted one", async () => {
    const c = character([foodBlock()]);
    const calls = await renderPanel(c, (call) =>
      call.url.endsWith('/candidates')
        ? [
            200,
            {
              ok: true,
              candidates: [{ word: '旅行', synonyms: ['旅', 'トラベル'] }],
              source: { package: 'p', version: '1', license: 'Apache-2.0', copyright: 'c' },
            },
          ]
        : [200, { ok: true, synonyms: [] }],
    );

    fireEvent.click(screen.getByRole('button', { name: '候補を読み込む' }));
    fireEvent.click(await screen.findByRole('button', { name: '候補「トラベル」を追加' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${API}/characters/${CID}/synonyms/candidates`,
      body: { words: ['食べ物', '旅行'] },
    });
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { word: '旅行', synonyms: ['トラベル'] } });
  });
});
