/** A failing callback must not turn a committed transaction into a reported failure. */
export function runAfterCommit(callbacks: Array<() => void>): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (err) {
      process.emitWarning(`afterCommit callback failed: ${String(err)}`);
    }
  }
}
