import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { CharacterGrid } from './CharacterCard.tsx';
import { menuCharacter } from './testing.ts';

describe('CharacterGrid', () => {
  let style: HTMLStyleElement | undefined;
  afterEach(() => style?.remove());

  it('CharacterGrid, a priced character with its buy button, stacks the button under the card instead of beside it', async () => {
    // The shelf's style sheet in the document (jsdom cascades <style> rules into getComputedStyle).
    style = document.createElement('style');
    style.textContent = readFileSync(join(import.meta.dirname, 'catalog.css'), 'utf8');
    document.head.append(style);

    await renderRoutes([
      {
        path: '/',
        element: <CharacterGrid characters={[menuCharacter({ name: 'ソラ', slug: 'sora', price: 300 })]} />,
      },
    ]);

    const item = (await screen.findByRole('link', { name: '購入する ¥300' })).closest('li')!;
    expect(getComputedStyle(item).display).toBe('flex');
    expect(getComputedStyle(item).flexDirection).toBe('column');
  });
});
