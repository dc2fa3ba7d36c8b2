import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../test/harness.tsx';
import { SecondTab } from './SecondTab.tsx';
import { SECOND_TAB_LOG_MESSAGE } from './tabGuard.ts';

describe('second tab', () => {
  it('SecondTab, a refused tab, says the page is open in another tab and logs the SPEC §8 line as an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await renderWithApp(<SecondTab characterId="demo-mirai" />, {
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });

    expect(
      await screen.findByText(
        'このページはほかのタブで開かれています。同じページを二つのタブで使うことはできません。先に開いたタブで続けてください。',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ほかのキャラクターをえらぶ' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(
      `[error] ${SECOND_TAB_LOG_MESSAGE}`,
      expect.objectContaining({ url: expect.any(String) as unknown }),
    );
    warn.mockRestore();
  });
});
