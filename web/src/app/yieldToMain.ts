/**
 * Ends the current task and resumes in a new one, so the browser can handle input (and count
 * no long task) between two pieces of start-up work. `scheduler.yield()` where the browser has it
 * (Chromium 129+: the continuation runs before other queued tasks), else a macrotask; an awaited
 * promise alone would not do, its continuation runs in the same task as a microtask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
