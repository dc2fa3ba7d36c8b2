import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../test/harness.tsx';
import { API, adminCharacter, renderConsole, scriptedServer } from './characters/testing.tsx';

describe('console breadcrumbs', () => {
  it("when a user's page opens, names the user by address in the trail with the id on hover", async () => {
    const user = { ...sampleUser, id: 'u-trail-1', email: 'trail@example.jp' };
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/purchases`]: [200, { ok: true, purchases: [], total: 0, page: 1 }],
    });

    await renderConsole(`/ops/full/users/${user.id}`);

    await vi.waitFor(() => expect(screen.getByTitle(user.id).textContent).toBe('trail@example.jp'));
    expect(screen.getByTitle(user.id).closest('.billing-trail')).toBeTruthy();
  });

  it("when a user's album opens, names the user and the character, not their ids", async () => {
    const user = { ...sampleUser, id: 'u-trail-2', email: 'album@example.jp' };
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/mirai/album`]: [
        200,
        { ok: true, name: 'ミライ', found: 0, total: 3, share: 0, blocks: [] },
      ],
    });

    await renderConsole(`/ops/full/users/${user.id}/mirai/album`);

    await vi.waitFor(() => expect(screen.getByTitle(user.id).textContent).toBe('album@example.jp'));
    await vi.waitFor(() => expect(screen.getByTitle('mirai').textContent).toBe('ミライ'));
  });

  it("when a character's page opens, shows a placeholder until the name arrives, never the id first", async () => {
    const id = '0b5a3c1e-7d2f-4a8e-9c61-3f2e1d0c9b8a';
    scriptedServer({
      [`GET ${API}/characters/${id}`]: [200, { ok: true, character: adminCharacter({ id, name: 'ユイ' }) }],
    });

    await renderConsole(`/ops/characters/${id}`);
    const first = screen.getByTitle(id).textContent;

    expect(first).toBe('…');
    await vi.waitFor(() => expect(screen.getAllByTitle(id)[0]!.textContent).toBe('ユイ'));
  });
});
