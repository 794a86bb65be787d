/** Letting signals in during long work on the main thread. */

let lastBreath = Date.now();

/**
 * For loops that may run long without awaiting anything (output to a pipe that keeps up, work
 * done on the main thread): every 50 ms, a promise that lets the event loop run (a signal's
 * handler, the progress line), else nothing.
 */
export function breathe(): Promise<void> | void {
  const now = Date.now();
  if (now - lastBreath < 50) return;
  lastBreath = now;
  return new Promise((resolve) => setImmediate(resolve));
}
