import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { BuyButton } from './BuyButton.tsx';
import { aUser, aWallet, billingServer, inShell, keptSession, signedInAs } from './testing.tsx';
import { useTalkTicketGate, type GatedCharacter, type TicketUse } from './useTalkTicketGate.tsx';

type User = ReturnType<typeof aUser>;

function StartButton({ character, onStart }: { character: GatedCharacter; onStart: (ticket?: TicketUse) => void }) {
  const gate = useTalkTicketGate(character);
  return (
    <button type="button" onClick={() => gate('btn-hello', onStart)}>
      はじめる
    </button>
  );
}

async function openPlayer(user: User, character: GatedCharacter, routes: Parameters<typeof billingServer>[0]) {
  const onStart = vi.fn();
  const server = billingServer({ ...keptSession(user), ...routes });
  await renderRoutes(
    inShell([{ path: '/full/chat/x', element: <StartButton character={character} onStart={onStart} /> }]),
    { path: '/full/chat/x', state: signedInAs(user) },
  );
  return { onStart, server };
}

const yui = (price = 1200): GatedCharacter => ({
  id: `char-${Math.random().toString(36).slice(2, 8)}`,
  name: 'ユイ',
  price,
});

describe('useTalkTicketGate', () => {
  it('gate, a free character, starts at once and uses no ticket', async () => {
    const { onStart, server } = await openPlayer(aUser(), yui(0), {});

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));

    expect(onStart).toHaveBeenCalledTimes(1);
    expect(server.calls.some((c) => c.url === '/api/talk_tickets')).toBe(false);
  });

  it('gate, a priced character not bought, shows the ticket count and starts only after one ticket is used', async () => {
    const user = aUser();
    const character = yui();
    const { onStart, server } = await openPlayer(user, character, {
      'GET billing/entitlements': [200, { ok: true, character_ids: [] }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 3 })],
      'POST talk_tickets': [200, { ok: true, used: 1, talk_tickets: 2, use_id: 'use-1', use_token: 'token-1' }],
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('ユイと話すには、トークチケットを1枚使います（現在 3枚）。使いますか？'),
    ).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '1枚使って話す' }));

    await vi.waitFor(() => expect(onStart).toHaveBeenCalledTimes(1));
    const use = server.calls.find((c) => c.url === '/api/talk_tickets');
    expect(use?.body).toEqual({ user_id: user.id, character_id: character.id, btn: 'btn-hello' });
    expect(use?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gate, clicked before the wallet answered, asks for the ticket once the wallet is known instead of losing the click', async () => {
    let answerWallet: (answer: [number, unknown]) => void = () => undefined;
    const heldWallet = new Promise<[number, unknown]>((resolve) => {
      answerWallet = resolve;
    });
    const { onStart, server } = await openPlayer(aUser(), yui(), {
      'GET billing/entitlements': [200, { ok: true, character_ids: [] }],
      'GET billing/wallet': () => heldWallet,
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));
    answerWallet([200, aWallet({ talk_tickets: 2 })]);

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('ユイと話すには、トークチケットを1枚使います（現在 2枚）。使いますか？'),
    ).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('gate, the ticket used, hands its use_id and use_token to the start (the player fetches the whole character and opens the talk with the token)', async () => {
    const { onStart, server } = await openPlayer(aUser(), yui(), {
      'GET billing/entitlements': [200, { ok: true, character_ids: [] }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 1 })],
      'POST talk_tickets': [200, { ok: true, used: 1, talk_tickets: 0, use_id: 'use-42', use_token: 'token-42' }],
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '1枚使って話す' }));

    await vi.waitFor(() => expect(onStart).toHaveBeenCalledWith({ useId: 'use-42', useToken: 'token-42' }));
  });

  it('gate, a free character, starts without a ticket use id', async () => {
    const { onStart } = await openPlayer(aUser(), yui(0), {});

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));

    expect(onStart).toHaveBeenCalledWith();
  });

  it('gate, a bought character, starts at once without a ticket', async () => {
    const character = yui();
    const { onStart, server } = await openPlayer(aUser(), character, {
      'GET billing/entitlements': [200, { ok: true, character_ids: [character.id] }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 0 })],
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/entitlements')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));

    expect(onStart).toHaveBeenCalledTimes(1);
    expect(server.calls.some((c) => c.url === '/api/talk_tickets')).toBe(false);
  });

  it('gate, a priced character served as subscribed (or owned, operator), starts at once without asking billing anything', async () => {
    const { onStart, server } = await openPlayer(aUser(), { ...yui(), access: 'subscribed' }, {});

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));

    expect(onStart).toHaveBeenCalledWith();
    expect(server.calls.some((c) => c.url.startsWith('/api/billing/') || c.url === '/api/talk_tickets')).toBe(false);
  });

  it('gate, a character served as a preview, asks for a ticket without reading the purchases (the served access decides)', async () => {
    const { onStart, server } = await openPlayer(
      aUser(),
      { ...yui(), access: 'preview' },
      {
        'GET billing/wallet': [200, aWallet({ talk_tickets: 1 })],
        'POST talk_tickets': [200, { ok: true, used: 1, talk_tickets: 0, use_id: 'use-7', use_token: 'token-7' }],
      },
    );
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '1枚使って話す' }));

    await vi.waitFor(() => expect(onStart).toHaveBeenCalledWith({ useId: 'use-7', useToken: 'token-7' }));
    expect(server.calls.some((c) => c.url === '/api/billing/entitlements')).toBe(false);
  });

  it('gate, a character already opened with a ticket (access ticket), asks for a ticket again for the next talk', async () => {
    const { onStart, server } = await openPlayer(
      aUser(),
      { ...yui(), access: 'ticket' },
      { 'GET billing/wallet': [200, aWallet({ talk_tickets: 2 })] },
    );
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));

    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('gate, no ticket left, offers tickets or the character and never starts', async () => {
    const { onStart, server } = await openPlayer(aUser(), yui(), {
      'GET billing/entitlements': [200, { ok: true, character_ids: [] }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 0 })],
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/ユイと話すにはトークチケットが必要です/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'トークチケットを購入' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '購入する ¥1,200' })).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
    expect(server.calls.some((c) => c.url === '/api/talk_tickets')).toBe(false);
  });

  it('gate, the server saying the tickets ran out meanwhile, does not start and offers to buy', async () => {
    const { onStart, server } = await openPlayer(aUser(), yui(), {
      'GET billing/entitlements': [200, { ok: true, character_ids: [] }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 1 })],
      'POST talk_tickets': [409, { ok: false, code: 'INSUFFICIENT_TICKETS', message: 'トークチケットが足りません。' }],
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/billing/wallet')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'はじめる' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '1枚使って話す' }));

    expect(await screen.findByRole('button', { name: 'トークチケットを購入' })).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });
});

describe('BuyButton', () => {
  it('BuyButton, a priced character not bought, leads to the card payment of that character', async () => {
    const user = aUser();
    billingServer({ ...keptSession(user), 'GET billing/entitlements': [200, { ok: true, character_ids: [] }] });

    await renderRoutes([{ path: '/', element: <BuyButton characterId="c-9" price={1200} /> }], {
      state: signedInAs(user),
    });

    expect((await screen.findByRole('link', { name: '購入する ¥1,200' })).getAttribute('href')).toBe(
      '/payment/process/credit?product_id=character%3Ac-9',
    );
  });

  it('BuyButton, a character already bought, says 購入済み instead of offering it again; a free one shows nothing', async () => {
    const user = aUser();
    billingServer({ ...keptSession(user), 'GET billing/entitlements': [200, { ok: true, character_ids: ['c-9'] }] });

    await renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <BuyButton characterId="c-9" price={1200} />
              <BuyButton characterId="c-free" price={0} />
            </>
          ),
        },
      ],
      { state: signedInAs(user) },
    );

    expect(await screen.findByText('購入済み')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
