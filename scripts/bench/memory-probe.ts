// Preloaded into a measured server (`node --expose-gc --import ./scripts/bench/memory-probe.ts <entry>`):
// on request over IPC it collects garbage and reports resident memory, so the
// benchmark compares live memory, not garbage that happens to be uncollected.
const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: unknown) => {
  if (message !== 'memory') return;
  collect?.();
  collect?.();
  // Let freed pages go back and sockets settle before reading RSS.
  setTimeout(() => {
    process.send?.({ ...process.memoryUsage(), collected: Boolean(collect) });
  }, 300);
});
// The IPC channel must not keep a server alive after its entry point decides to exit.
process.channel?.unref();
