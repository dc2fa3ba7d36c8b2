/**
 * Tells the media side that a character's standby clip changed, so every
 * clip's continuity is checked again against the new one (a report made
 * against no standby, or an old one, must not keep saying all is well).
 * Authoring announces after the change is committed; media runs the checks
 * in the background (one character at a time, in order), since they decode
 * two frames of every clip; closing the service waits for them.
 */
export interface StandbyChanges {
  announce(characterId: string, adminId: string): void;
  /** Set once by the media routes: what to run on a change. */
  onChange(run: (characterId: string, adminId: string) => Promise<unknown>): void;
  /** Resolves when every announced re-check has finished (tests, closing). */
  idle(): Promise<void>;
}

export function createStandbyChanges(onError: (err: unknown, characterId: string) => void): StandbyChanges {
  let run: ((characterId: string, adminId: string) => Promise<unknown>) | null = null;
  let queue: Promise<void> = Promise.resolve();
  return {
    announce(characterId, adminId) {
      const job = run;
      if (!job) return;
      queue = queue
        .then(() => job(characterId, adminId))
        .then(
          () => undefined,
          (err: unknown) => onError(err, characterId),
        );
    },
    onChange(next) {
      run = next;
    },
    idle: () => queue,
  };
}
