/**
 * Blocks the developer-tools shortcuts and the context menu, but only on the
 * one configured host (SPEC.md §2); everywhere else the browser is untouched.
 * It deters casual copying of the character videos; it is not security.
 */
type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function isDevtoolsShortcut(event: KeyLike): boolean {
  const key = event.key.toUpperCase();
  if (key === 'F12') return true;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.shiftKey && ['I', 'J', 'C', 'K'].includes(key)) return true; // inspector, console, picker (Firefox: K)
  if (event.metaKey && event.altKey && ['I', 'J', 'C', 'U'].includes(key)) return true; // macOS variants
  return mod && !event.shiftKey && key === 'U'; // view source
}

export function installDevtoolsGuard(blockHost: string | undefined, win: Window = window): () => void {
  if (!blockHost || win.location.hostname !== blockHost) return () => {};
  const onKey = (event: KeyboardEvent) => {
    if (isDevtoolsShortcut(event)) event.preventDefault();
  };
  const onMenu = (event: Event) => event.preventDefault();
  win.addEventListener('keydown', onKey, true);
  win.addEventListener('contextmenu', onMenu, true);
  return () => {
    win.removeEventListener('keydown', onKey, true);
    win.removeEventListener('contextmenu', onMenu, true);
  };
}
