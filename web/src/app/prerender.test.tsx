import { describe, expect, it } from 'vitest';
import ja from '../i18n/locales/ja-JP.json';
import { renderPage } from './prerender.tsx';

describe('prerender', () => {
  it('renderPage, /, is the shell and the home page in ja-JP for a visitor not known to be logged in', async () => {
    const html = await renderPage('/');

    expect(html).toMatch(/^<div class="app">/);
    expect(html).toContain('<header class="topbar">');
    expect(html).toContain(`<h1 class="hero__title">${ja.home.title}</h1>`);
    expect(html).toContain(ja.home.step1);
    expect(html).toContain('<a class="btn btn--primary btn--large" href="/register"');
    expect(html).toContain('<footer class="footer">');
  });

  it('renderPage, /, carries no script, inline style or event handler (the page CSP forbids them)', async () => {
    const html = await renderPage('/');

    expect(html).not.toMatch(/<script|<style|style=|\son[a-z]+=/i);
  });
});
