import { describe, expect, it } from 'vitest';
import { loadAnalytics } from './analytics.ts';
import { installDevtoolsGuard, isDevtoolsShortcut } from './devtoolsGuard.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shell', () => {
  it('isDevtoolsShortcut, for F12, Ctrl+Shift+I/J/C, Ctrl+U and Cmd+Opt+I, is true; for ordinary keys false', () => {
    for (const event of [
      key('F12'),
      key('i', { ctrlKey: true, shiftKey: true }),
      key('J', { ctrlKey: true, shiftKey: true }),
      key('c', { metaKey: true, shiftKey: true }),
      key('u', { ctrlKey: true }),
      key('i', { metaKey: true, altKey: true }),
    ]) {
      expect(isDevtoolsShortcut(event), JSON.stringify(event)).toBe(true);
    }
    for (const event of [
      key('a'),
      key('c', { ctrlKey: true }),
      key('v', { metaKey: true }),
      key('I', { shiftKey: true }),
    ]) {
      expect(isDevtoolsShortcut(event), JSON.stringify(event)).toBe(false);
    }
  });

  it('installDevtoolsGuard, on the configured host, blocks shortcuts and the context menu', () => {
    const remove = installDevtoolsGuard(window.location.hostname);
    const menu = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
    const f12 = new KeyboardEvent('keydown', { key: 'F12', cancelable: true, bubbles: true });
    document.body.dispatchEvent(menu);
    document.body.dispatchEvent(f12);
    remove();
    expect(menu.defaultPrevented).toBe(true);
    expect(f12.defaultPrevented).toBe(true);
  });

  it('installDevtoolsGuard, on any other host or unset, leaves the browser alone', () => {
    for (const host of ['talkwith.example.jp', undefined]) {
      const remove = installDevtoolsGuard(host);
      const menu = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
      document.body.dispatchEvent(menu);
      remove();
      expect(menu.defaultPrevented).toBe(false);
    }
  });

  it('loadAnalytics, without an id, adds no script; with one, adds it once', () => {
    expect(loadAnalytics(undefined)).toBe(false);
    expect(loadAnalytics('  ')).toBe(false);
    expect(document.querySelectorAll('script').length).toBe(0);
    expect(loadAnalytics('G-TEST123')).toBe(true);
    expect(loadAnalytics('G-TEST123')).toBe(false);
    const scripts = document.querySelectorAll('script');
    expect(scripts.length).toBe(1);
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
  });
});
