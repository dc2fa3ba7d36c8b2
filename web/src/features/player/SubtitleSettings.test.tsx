import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes, sampleUser } from '../../test/harness.tsx';
import type { Language } from '../../i18n/languages.ts';
import { Subtitles } from './Subtitles.tsx';
import { SubtitleSettings } from './SubtitleSettings.tsx';
import { readSubtitlePrefs, subtitlePrefsKey, useSubtitlePrefs } from './subtitlePrefs.ts';

/** The bar's control and the subtitles as PlayerScreen wires them. */
function Player() {
  const [prefs, change] = useSubtitlePrefs();
  return (
    <>
      <SubtitleSettings prefs={prefs} change={change} />
      {prefs.on && <Subtitles url={null} video={null} size={prefs.size} />}
    </>
  );
}

async function renderPlayer(userId: string | null = null, language?: Language) {
  const state = userId
    ? { session: { status: 'authenticated' as const, accessToken: 't', user: { ...sampleUser, id: userId } } }
    : { session: { status: 'guest' as const, accessToken: null, user: null } };
  const harness = await renderRoutes([{ path: '*', element: <Player /> }], {
    state,
    ...(language ? { language } : {}),
  });
  // The menu is loaded when the bar's disclosure is first opened.
  fireEvent.click(screen.getByLabelText(language === 'zh-TW' ? '字幕設定' : '字幕の設定'));
  await screen.findByRole('checkbox');
  return harness;
}

afterEach(() => localStorage.clear());

describe('subtitle settings', () => {
  it('SubtitleSettings, nothing chosen yet, shows subtitles at the medium size', async () => {
    await renderPlayer();
    expect((await screen.findByTestId('subtitles')).className).toContain('player__subtitles--m');
    expect(screen.getByRole('radio', { name: '中' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: '字幕を表示する' })).toHaveProperty('checked', true);
  });

  it('SubtitleSettings, large chosen, sizes the cues large and remembers it for the signed-in user', async () => {
    await renderPlayer('u-large');
    fireEvent.click(await screen.findByRole('radio', { name: '大' }));
    expect(screen.getByTestId('subtitles').className).toContain('player__subtitles--l');
    expect(readSubtitlePrefs(subtitlePrefsKey('u-large'))).toEqual({ on: true, size: 'l' });
    expect(readSubtitlePrefs(subtitlePrefsKey('u-other'))).toBeNull();
  });

  it('SubtitleSettings, turned off, hides the subtitles and greys out the sizes', async () => {
    await renderPlayer('u-off');
    fireEvent.click(await screen.findByRole('checkbox', { name: '字幕を表示する' }));
    expect(screen.queryByTestId('subtitles')).toBeNull();
    expect(screen.getByRole('radio', { name: '大' }).matches(':disabled')).toBe(true);
    expect(readSubtitlePrefs(subtitlePrefsKey('u-off'))).toEqual({ on: false, size: 'm' });
  });

  it('useSubtitlePrefs, a user who chose before, opens with their choice; another user with the default', async () => {
    localStorage.setItem(subtitlePrefsKey('u-small'), JSON.stringify({ on: true, size: 's' }));
    await renderPlayer('u-small');
    expect((await screen.findByTestId('subtitles')).className).toContain('player__subtitles--s');
    cleanup();

    await renderPlayer('u-new');
    expect((await screen.findByTestId('subtitles')).className).toContain('player__subtitles--m');
  });

  it('readSubtitlePrefs, junk saved, is no choice; an unknown size reads as medium', () => {
    localStorage.setItem('junk', '{not json');
    localStorage.setItem('odd', JSON.stringify({ on: true, size: 'xl' }));
    expect(readSubtitlePrefs('junk')).toBeNull();
    expect(readSubtitlePrefs('odd')).toEqual({ on: true, size: 'm' });
  });

  it('SubtitleSettings, a tap outside while open, closes the menu; a tap inside keeps it open', async () => {
    await renderPlayer();
    const settings = screen.getByLabelText('字幕の設定').closest('details')!;
    fireEvent.pointerDown(screen.getByRole('checkbox', { name: '字幕を表示する' }));
    expect(settings.open).toBe(true);

    fireEvent.pointerDown(screen.getByTestId('subtitles'));

    await waitFor(() => expect(settings.open).toBe(false));
  });

  it('SubtitleSettings, Escape while open, closes the menu and puts focus back on its button', async () => {
    await renderPlayer();
    const button = screen.getByLabelText('字幕の設定');
    screen.getByRole('radio', { name: '大' }).focus();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    await waitFor(() => expect(button.closest('details')!.open).toBe(false));
    expect(document.activeElement).toBe(button);
  });

  it('SubtitleSettings, interface in zh-TW, labels the control in Traditional Chinese', async () => {
    await renderPlayer(null, 'zh-TW');
    expect(await screen.findByRole('checkbox', { name: '顯示字幕' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '文字大小' })).toBeTruthy();
  });
});
