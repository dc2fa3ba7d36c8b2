import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/harness.tsx';
import { ReferenceList } from './ReferenceList.tsx';

describe('ReferenceList', () => {
  it('when a block reference names no block, reads as a block use linking to the blocks page, not a missing key', async () => {
    await renderWithApp(<ReferenceList characterId="c1" references={[{ kind: 'block', field: 'trigger_video_id' }]} />);

    const link = await screen.findByRole('link');

    expect(link.textContent).toBe('ブロック —（trigger_video_id）');
    expect(link.getAttribute('href')).toBe('/admin/characters/c1/blocks');
  });

  it('when a reference is the setting, reads as the setting with its field', async () => {
    await renderWithApp(
      <ReferenceList characterId="c1" references={[{ kind: 'setting', field: 'standby_video_id' }]} />,
    );

    const link = await screen.findByRole('link');

    expect(link.textContent).toBe('初期設定（standby_video_id）');
    expect(link.getAttribute('href')).toBe('/admin/characters/c1/initialSetting');
  });
});
