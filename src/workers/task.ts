/**
 * What a pool runs: a task is a pure function of one plain, structured-cloneable input, so
 * running it on any worker (or the main thread) gives the same result: that is what keeps
 * runs reproducible whatever the number of workers.
 *
 * A task is defined in the module that owns the work and exported from it:
 *
 *   export const auditTask = defineTask(import.meta.url, 'auditTask', (line: AuditInput) => ..., (line) => `line ${line.lineNo}`);
 *
 * A worker thread imports that module by its URL and runs the export of that name, so the
 * pool knows no task and imports nothing above `core/`.
 */
export interface Task<I, O> {
  /** The URL of the module that exports the task (its `import.meta.url`). */
  readonly module: string;
  /** The name the module exports it under; also names it in messages. */
  readonly name: string;
  readonly run: (input: I) => O;
  /** Names one input in messages ("puzzles.txt: line 12"). */
  readonly describe: (input: I) => string;
}

export type TaskInput<T> = T extends Task<infer I, unknown> ? I : never;
export type TaskOutput<T> = T extends Task<unknown, infer O> ? O : never;

/** A task exported as `name` from the module at `module` (pass `import.meta.url`). */
export function defineTask<I, O>(module: string, name: string, run: (input: I) => O, describe: (input: I) => string): Task<I, O> {
  return Object.freeze({ module, name, run, describe });
}

/** Whether a module export is a task (what a worker checks before running it). */
export function isTask(value: unknown): value is Task<unknown, unknown> {
  const t = value as Task<unknown, unknown> | null;
  return typeof t === 'object' && t !== null && typeof t.module === 'string' && typeof t.name === 'string' && typeof t.run === 'function';
}
