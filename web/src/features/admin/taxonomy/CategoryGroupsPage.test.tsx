import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { category, group, renderConsoleInShell, taxonomyCharacter } from './testing.tsx';

const members = (...characters: ReturnType<typeof taxonomyCharacter>[]) =>
  [200, { ok: true, group: group({ character_count: characters.length }), characters }] as [number, unknown];

function page(extra: Parameters<typeof scriptedServer>[0] = {}) {
  return scriptedServer({
    [`GET ${API}/full/categories/cat1`]: [200, { ok: true, category: category() }],
    [`GET ${API}/full/categories/cat1/groups`]: [200, { ok: true, groups: [group({ character_count: 1 })] }],
    [`GET ${API}/full/groups/g1/characters`]: members(taxonomyCharacter({ group_id: 'g1', group_name: '二年A組' })),
    [`GET ${API}/full/characters`]: [
      200,
      {
        ok: true,
        characters: [
          taxonomyCharacter({ group_id: 'g1', group_name: '二年A組' }),
          taxonomyCharacter({ id: 'ren', name: 'レン', group_id: 'g9', group_name: '演劇部', category_name: '学園' }),
        ],
      },
    ],
    ...extra,
  });
}

describe('CategoryGroupsPage', () => {
  it("CategoryGroupsPage, a category, shows its groups and each group's characters", async () => {
    page();

    await renderConsole('/ops/full/categories/cat1/groups');

    expect(await screen.findByRole('heading', { name: '「学園」のグループ' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '二年A組' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'ユイをこのグループから外す' })).toBeTruthy();
  });

  it('CategoryGroupsPage, assigning a character from the list, calls PUT for that character (others of the group are not offered)', async () => {
    const server = page({
      [`PUT ${API}/full/groups/g1/characters/ren`]: [
        200,
        { ok: true, character: taxonomyCharacter({ id: 'ren', name: 'レン', group_id: 'g1' }) },
      ],
    });
    await renderConsole('/ops/full/categories/cat1/groups');

    const picker = await screen.findByLabelText('キャラクターを選ぶ');
    await vi.waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    expect(within(picker).getByRole('option', { name: 'レン（学園 / 演劇部）' })).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'ren' } });
    fireEvent.click(screen.getByRole('button', { name: 'このグループに入れる' }));

    await vi.waitFor(() =>
      expect(server.calls.some((c) => c.method === 'PUT' && c.url === `${API}/full/groups/g1/characters/ren`)).toBe(
        true,
      ),
    );
  });

  it('CategoryGroupsPage, unassigning, calls DELETE for that character', async () => {
    const server = page({
      [`DELETE ${API}/full/groups/g1/characters/yui`]: [200, { ok: true, character: taxonomyCharacter() }],
    });
    await renderConsole('/ops/full/categories/cat1/groups');

    fireEvent.click(await screen.findByRole('button', { name: 'ユイをこのグループから外す' }));

    await vi.waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.url === `${API}/full/groups/g1/characters/yui`)).toBe(
        true,
      ),
    );
  });

  it('CategoryGroupsPage, deleting a group with characters, shows the refusal listing them', async () => {
    page({
      [`DELETE ${API}/full/groups/g1`]: [
        409,
        {
          ok: false,
          code: 'GROUP_NOT_EMPTY',
          message: 'グループ「二年A組」にはまだキャラクターが1人います。',
          characters: [{ id: 'yui', name: 'ユイ' }],
        },
      ],
    });
    await renderConsoleInShell('/ops/full/categories/cat1/groups');

    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('グループ「二年A組」にはまだキャラクターが1人います。');
    expect(within(alert).getByText('ユイ')).toBeTruthy();
  });

  it('CategoryGroupsPage, a new group without a name, is refused before sending; with one, is posted to the category', async () => {
    const server = page({
      [`POST ${API}/full/categories/cat1/groups`]: [201, { ok: true, group: group({ id: 'g2', name: '新' }) }],
    });
    await renderConsole('/ops/full/categories/cat1/groups');
    await screen.findByRole('heading', { name: '新しいグループ' });

    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('入力してください。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('グループ名'), { target: { value: '新' } });
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: '新', description: '' }),
    );
  });

  it("CategoryGroupsPage, an unknown category, shows the server's message", async () => {
    scriptedServer({});

    await renderConsole('/ops/full/categories/nope/groups');

    expect((await screen.findByRole('alert')).textContent).toContain('not scripted');
  });
});
