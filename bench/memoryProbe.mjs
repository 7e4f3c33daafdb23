/**
 * Preloaded (`node --import`) into the servers that bench/idleMemory.ts starts: answers the
 * bench's 'memory' message over the IPC channel with the process's resident memory and V8 heap.
 * Plain JavaScript, so that the compiled server, which has no TypeScript loader, loads it too.
 */
process.on('message', (message) => {
  if (message !== 'memory') return;
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
// The channel must not keep the server running once it is asked to stop.
process.channel?.unref();
