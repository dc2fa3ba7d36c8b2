import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { BuyButton } from './BuyButton.tsx';
import { aUser, billingServer, keptSession, signedInAs } from './testing.tsx';

const SOURCE = join(import.meta.dirname, 'BuyButton.tsx');

/** The style sheets BuyButton imports itself: all the built client loads with it on a menu page, where no billing page's sheet is. */
const ownStyleSheets = (): string[] =>
  [...readFileSync(SOURCE, 'utf8').matchAll(/^import '(\.[^']+\.css)';$/gmu)].map((m) => join(dirname(SOURCE), m[1]!));

describe('BuyButton', () => {
  let style: HTMLStyleElement | undefined;
  afterEach(() => style?.remove());

  it('BuyButton, a bought character on a menu page (no billing page loaded), shows 購入済み as the badge styled by its own sheet', async () => {
    const user = aUser();
    billingServer({
      ...keptSession(user),
      'GET billing/entitlements': [200, { ok: true, character_ids: ['demo-sora'] }],
    });
    // jsdom cascades <style> rules into getComputedStyle.
    style = document.createElement('style');
    style.textContent = ownStyleSheets()
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    document.head.append(style);

    await renderRoutes([{ path: '/', element: <BuyButton characterId="demo-sora" price={300} /> }], {
      state: signedInAs(user),
    });

    const owned = getComputedStyle(await screen.findByText('購入済み'));
    expect([owned.display, owned.textAlign, owned.borderRadius]).toEqual(['block', 'center', '999px']);
  });
});
