// Tasks for the pool's tests, loaded by worker threads like the product's own (by module URL).
import { defineTask } from '../../dist/workers/task.js';

/** Twice the value; the worker thread exits on `crashOn`, and the task throws on `throwOn`. */
export const double = defineTask(
  import.meta.url,
  'double',
  (input) => {
    if (input.value === input.crashOn) process.exit(7);
    if (input.value === input.throwOn) throw new Error(`no double for ${input.value}`);
    return 2 * input.value;
  },
  (input) => `value ${input.value}`,
);

/**
 * Waits until the shared gate is past its value, then marks it as run in the shared flags:
 * the test decides which inputs can finish and sees which ran at all.
 */
export const gated = defineTask(
  import.meta.url,
  'gated',
  (input) => {
    for (let g = Atomics.load(input.gate, 0); g <= input.value; g = Atomics.load(input.gate, 0)) Atomics.wait(input.gate, 0, g);
    Atomics.store(input.ran, input.value, 1);
    return input.value;
  },
  (input) => `value ${input.value}`,
);

/** A task name the module does not export. */
export const missing = defineTask(import.meta.url, 'notExported', () => 0, () => 'anything');
