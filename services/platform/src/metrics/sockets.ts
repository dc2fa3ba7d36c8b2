/**
 * Open WebSockets of this process, by kind (the gateway's realtime socket, the
 * speech-to-text stream). Counted here, not in a registry: a socket does not
 * know which app serves its metrics, and one process has one count whichever
 * app (standalone gateway or service) exposes it.
 */
export type SocketKind = 'realtime' | 'stt';

const open = new Map<SocketKind, number>();

/** Counts one socket of `kind` as open; call the returned function when it closes (further calls do nothing). */
export function trackOpenSocket(kind: SocketKind): () => void {
  open.set(kind, (open.get(kind) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open.set(kind, (open.get(kind) ?? 1) - 1);
  };
}

/** The sockets open now, per kind (every kind listed, 0 included). */
export function openSockets(): Record<SocketKind, number> {
  return { realtime: open.get('realtime') ?? 0, stt: open.get('stt') ?? 0 };
}
