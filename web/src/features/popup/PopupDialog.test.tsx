import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/harness.tsx';
import { PopupDialog } from './PopupDialog.tsx';
import { openPopup, type PopupOptions } from './usePopup.ts';

async function showDialog(options: PopupOptions) {
  const harness = await renderWithApp(<PopupDialog />);
  act(() => openPopup(harness.store.dispatch, options));
  return harness;
}

describe('PopupDialog', () => {
  it('PopupDialog, opened with a message and children, shows both in a dialog', async () => {
    await showDialog({ message: 'お知らせです', children: <p>子要素</p> });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('お知らせです')).toBeTruthy();
    expect(screen.getByText('子要素')).toBeTruthy();
  });

  it('PopupDialog, canClose true, is dismissed by Escape and by the overlay', async () => {
    const { store } = await showDialog({ message: 'a' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(store.getState().popup.open).toBe(false);
    act(() => openPopup(store.dispatch, { message: 'b' }));
    fireEvent.click(screen.getByTestId('popup-overlay'));
    expect(store.getState().popup.open).toBe(false);
  });

  it('PopupDialog, canClose false, ignores Escape and overlay clicks and shows no close button', async () => {
    const { store } = await showDialog({ message: '処理中です', canClose: false, ok: { title: 'OK' } });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('popup-overlay'));
    expect(store.getState().popup.open).toBe(true);
    expect(screen.queryByRole('button', { name: '閉じる' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(store.getState().popup.open).toBe(false));
  });

  it('PopupDialog, keepMsg true, keeps the message after closing; keepMsg false clears it', async () => {
    const { store } = await showDialog({ message: '残すメッセージ', keepMsg: true });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(store.getState().popup).toMatchObject({ open: false, message: '残すメッセージ' });
    act(() => openPopup(store.dispatch, { message: '消えるメッセージ' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(store.getState().popup).toMatchObject({ open: false, message: '' });
  });

  it('PopupDialog, ok/cancel/other buttons, run their own action with their title and then close', async () => {
    const ok = vi.fn();
    const cancel = vi.fn();
    const other = vi.fn();
    const { store } = await showDialog({
      message: 'm',
      ok: { title: 'はい', onClick: ok },
      cancel: { title: 'いいえ', onClick: cancel },
      other: { title: '別の操作', onClick: other },
    });
    fireEvent.click(screen.getByRole('button', { name: '別の操作' }));
    await vi.waitFor(() => expect(store.getState().popup.open).toBe(false));
    expect(other).toHaveBeenCalledOnce();
    expect(ok).not.toHaveBeenCalled();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('PopupDialog, action returning false, stays open', async () => {
    const { store } = await showDialog({ ok: { title: '送信', onClick: () => false } });
    fireEvent.click(screen.getByRole('button', { name: '送信' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().popup.open).toBe(true);
  });

  it('PopupDialog, onAfterClose, is called once after the dialog closed', async () => {
    const afterClose = vi.fn();
    const { store } = await showDialog({ message: 'x', onAfterClose: () => afterClose(store.getState().popup.open) });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(afterClose).toHaveBeenCalledOnce();
    expect(afterClose).toHaveBeenCalledWith(false);
  });

  it('PopupDialog, fullPage and className, are applied to the panel', async () => {
    await showDialog({ message: 'x', fullPage: true, className: 'popup--special' });
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('popup--full');
    expect(dialog.className).toContain('popup--special');
  });
});
