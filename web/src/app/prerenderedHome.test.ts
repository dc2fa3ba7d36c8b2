import { describe, expect, it } from 'vitest';
import { isPrerenderedHome } from './prerenderedHome.ts';

function rootWith(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  return root;
}

describe('isPrerenderedHome', () => {
  it('when / holds markup served in the start language, is true (hydrate)', () => {
    expect(isPrerenderedHome(rootWith('<div class="app"></div>'), 'en-US', 'en-US', '/')).toBe(true);
  });

  it('when the served markup is in another language than the start one, is false (render anew)', () => {
    expect(isPrerenderedHome(rootWith('<div class="app"></div>'), 'en-US', 'ja-JP', '/')).toBe(false);
  });

  it('when the root is empty (index.html without a prerendered page), is false', () => {
    expect(isPrerenderedHome(rootWith(''), 'ja-JP', 'ja-JP', '/')).toBe(false);
  });

  it('when the page is not the top page (the chat route boot poster), is false', () => {
    expect(isPrerenderedHome(rootWith('<div class="player"></div>'), 'ja-JP', 'ja-JP', '/full/chat/mirai')).toBe(false);
  });
});
