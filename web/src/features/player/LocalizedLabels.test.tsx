import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { playerServer, renderControls } from './controls-test-kit.tsx';

const greet = demoCharacter.blocks.find((b) => b.id === 'greet')!;

describe('player labels in the interface language', () => {
  it('when standby is shown in en-US, the start buttons and the hint read in English', async () => {
    playerServer();

    await renderControls({
      commands: [{ type: 'showStartButtons', buttons: demoCharacter.startButtons }],
      language: 'en-US',
      name: 'Mirai',
    });

    expect(await screen.findByRole('button', { name: 'Talk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fortune' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '話す' })).toBeNull();
    expect(screen.getByText(/Mirai/u)).toBeTruthy();
  });

  it('when a block shows its action buttons in zh-TW, they read in Chinese; a button without a translation keeps its Japanese', async () => {
    playerServer();
    const buttons = [
      ...greet.action_buttons,
      { id: 'ab-plain', title: '日本語だけ', kind: 'end' as const, block_id: null, video_id: null },
    ];

    await renderControls({ commands: [{ type: 'showActionButtons', buttons }], language: 'zh-TW' });

    expect(await screen.findByRole('button', { name: '幫我占卜' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '結束' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '日本語だけ' })).toBeTruthy();
  });
});
