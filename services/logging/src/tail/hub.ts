import type { LogEntry, LogTailStart } from '@talkwith/proto/logging';

export type TailFilter = NonNullable<LogTailStart['filter']>;
type Listener = { filter: TailFilter; push(entry: LogEntry): void };

export function matchesTail(filter: TailFilter, entry: LogEntry): boolean {
  return (
    (!filter.types || filter.types.includes(entry.type)) &&
    (filter.user_id === undefined || filter.user_id === entry.user_id) &&
    (filter.character_id === undefined || filter.character_id === entry.character_id) &&
    (filter.source === undefined || filter.source === entry.source)
  );
}

/**
 * The live tail inside one logging process: the writers announce entries
 * once their transaction has committed; each open tail receives those that
 * match its filter. (With several logging instances, a tail sees the entries
 * its own instance stored.)
 */
export class LogTailHub {
  private readonly listeners = new Set<Listener>();

  subscribe(filter: TailFilter, push: (entry: LogEntry) => void): () => void {
    const listener = { filter, push };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  announce(entries: readonly LogEntry[]): void {
    if (this.listeners.size === 0) return;
    for (const listener of this.listeners) {
      for (const entry of entries) if (matchesTail(listener.filter, entry)) listener.push(entry);
    }
  }
}
