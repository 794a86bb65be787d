/**
 * A pool of worker threads running tasks (task.ts), scheduled with p-queue (one batch of
 * inputs per worker at a time), and `mapOrdered`, the one way the code base streams work
 * through it: inputs pulled lazily, sent in batches, results read back in input order. With
 * size 0 the tasks run on the main thread: same results, which tests use to check that the
 * number of workers changes nothing.
 *
 * A worker that dies (crash, out of memory, terminated) is replaced; the batch it was
 * running is pure, so it is run once more on the new worker. If that worker dies too, the
 * batch's inputs are run one at a time to find the input it dies on, and the error names it.
 * No task ever waits on a dead worker.
 */
import PQueue from 'p-queue';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { breathe } from '../core/breathe.js';
import { UserError } from '../core/errors.js';
import type { Task } from './task.js';

import { MAX_WORKERS } from './limits.js';

export { MAX_WORKERS };

/** Deaths in a row (no task finished between them) after which a worker is not restarted. */
const MAX_DEATHS = 3;

/** One worker per core by default. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Check a worker count asked for by a user; `what` names where it came from (e.g. "--workers"),
 * `min` the fewest the command takes (1 where it cannot run on the main thread alone).
 */
export function checkWorkers(n: number, what = 'workers', min = 0): number {
  if (!Number.isInteger(n) || n < min || n > MAX_WORKERS) {
    throw new UserError(`${what}: expected a whole number from ${min} to ${MAX_WORKERS} (this machine has ${availableParallelism()} cores), got ${n}`);
  }
  return n;
}

interface Running {
  id: number;
  settle: (msg: Message) => void;
}

type Message = { id: number; results?: unknown[]; index?: number; error?: { name: string; message: string; stack?: string } };

/** A worker thread with at most one batch in flight. */
class Slot {
  worker!: Worker;
  running: Running | null = null;
  /** Deaths since the last batch this slot finished; past MAX_DEATHS it is not restarted. */
  deaths = 0;
  /** Why the slot gave up restarting, once it has. */
  broken: string | null = null;

  constructor(private readonly onDeath: (slot: Slot, why: string) => void) {
    this.start();
  }

  start(): void {
    const w = new Worker(new URL('./worker.js', import.meta.url));
    this.worker = w;
    w.on('message', (msg: Message) => {
      const r = this.running;
      if (!r || r.id !== msg.id) return;
      this.running = null;
      this.deaths = 0;
      r.settle(msg);
    });
    w.on('error', (err) => {
      if (this.worker === w) this.onDeath(this, err.message);
    });
    w.on('exit', (code) => {
      if (this.worker === w) this.onDeath(this, `exit code ${code}`);
    });
  }
}

/** How a batch is streamed through `mapOrdered`. */
export interface MapOptions {
  /** Inputs sent to a worker at a time (fixed for a run: results never depend on it). */
  batch: number;
  /**
   * Most batches in flight: sent and not yet read, the one being waited for included. A
   * function is asked again before each batch is read (a caller that knows how much more it
   * needs sends less ahead). At least 1; the main thread (size 0) never works ahead.
   */
  lookahead: number | (() => number);
}

/** The error a task threw on an input: a UserError as it is, anything else naming the task and the input. */
function taskError<I>(task: Task<I, unknown>, input: I, e: { name?: string; message: string; stack?: string }): Error {
  if (e.name === 'UserError') return e instanceof UserError ? e : new UserError(e.message);
  const err = new Error(`task "${task.name}" failed on ${task.describe(input)}: ${e.message}`);
  if (e.stack) err.stack = `${err.message}\n${e.stack}`;
  return err;
}

/** Run a batch on the main thread. */
function runHere<I, O>(task: Task<I, O>, inputs: readonly I[]): O[] {
  return inputs.map((input) => {
    try {
      return task.run(input);
    } catch (err) {
      throw taskError(task, input, err as Error);
    }
  });
}

export class WorkerPool {
  private readonly queue: PQueue;
  private readonly slots: Slot[] = [];
  private readonly idle: Slot[] = [];
  private nextId = 0;
  private closing = false;

  constructor(readonly size: number) {
    checkWorkers(size);
    this.queue = new PQueue({ concurrency: Math.max(1, size) });
    for (let i = 0; i < size; i++) {
      const slot = new Slot((s, why) => this.died(s, why));
      this.slots.push(slot);
      this.idle.push(slot);
    }
  }

  /**
   * A worker died: start a new one in its place and fail its batch (the caller may retry).
   * A worker that keeps dying without finishing a batch (it cannot start) is not restarted.
   */
  private died(slot: Slot, why: string): void {
    if (this.closing) return;
    const r = slot.running;
    slot.running = null;
    const old = slot.worker;
    if (++slot.deaths > MAX_DEATHS) slot.broken = why;
    else slot.start();
    void old.terminate().catch(() => undefined);
    if (r) r.settle({ id: r.id, error: { name: 'WorkerDied', message: why } });
  }

  /**
   * Run a task over a batch of inputs on a free worker (or on the main thread when the pool
   * has no workers): the outputs in input order. A batch still waiting for a worker when
   * `skip` aborts is not run (it resolves to no outputs).
   */
  run<I, O>(task: Task<I, O>, inputs: readonly I[], skip?: AbortSignal): Promise<O[]> {
    if (this.size === 0) return Promise.resolve().then(() => (skip?.aborted ? [] : runHere(task, inputs)));
    return this.queue.add(async () => {
      if (skip?.aborted) return [];
      const slot = this.idle.pop()!;
      try {
        return await this.runOn(slot, task, inputs);
      } finally {
        this.idle.push(slot);
      }
    }) as Promise<O[]>;
  }

  /** A batch on one worker, again on its replacement if it dies, then input by input to name the one it dies on. */
  private async runOn<I, O>(slot: Slot, task: Task<I, O>, inputs: readonly I[]): Promise<O[]> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await this.send(slot, task, inputs);
      } catch (err) {
        // Tasks are pure: running the batch again on the fresh worker gives the same results.
        if (!(err instanceof WorkerDied) || this.closing) throw err;
        if (attempt === 1 && inputs.length === 1) throw this.diedOn(task, inputs[0], err);
      }
    }
    const out: O[] = [];
    for (const input of inputs) {
      try {
        out.push(...(await this.send(slot, task, [input])));
      } catch (err) {
        throw err instanceof WorkerDied && !this.closing ? this.diedOn(task, input, err) : err;
      }
    }
    return out;
  }

  private diedOn<I>(task: Task<I, unknown>, input: I, err: WorkerDied): WorkerDied {
    return new WorkerDied(`a worker thread died while running task "${task.name}" on ${task.describe(input)} (${err.message})`);
  }

  private send<I, O>(slot: Slot, task: Task<I, O>, inputs: readonly I[]): Promise<O[]> {
    if (slot.broken) return Promise.reject(new Error(`a worker thread cannot run task "${task.name}": it died ${MAX_DEATHS + 1} times in a row (${slot.broken})`));
    return new Promise<O[]>((resolve, reject) => {
      const id = this.nextId++;
      slot.running = {
        id,
        settle: (msg) => {
          if (!msg.error) resolve(msg.results as O[]);
          else if (msg.error.name === 'WorkerDied') reject(new WorkerDied(msg.error.message));
          else reject(taskError(task, inputs[Math.max(0, msg.index ?? 0)], msg.error));
        },
      };
      slot.worker.postMessage({ id, module: task.module, name: task.name, inputs });
    });
  }

  /**
   * The task's outputs for `inputs`, in input order, as they come. Inputs (an iterable or
   * async iterable, maybe endless) are pulled only as batches are sent; at most `lookahead`
   * batches are in flight. Leaving the loop early (break, an error) drops the batches not
   * yet started; those running finish on their workers and are dropped unread.
   */
  async *mapOrdered<I, O>(task: Task<I, O>, inputs: Iterable<I> | AsyncIterable<I>, opts: MapOptions): AsyncGenerator<O, void, undefined> {
    const source = Symbol.asyncIterator in inputs ? inputs[Symbol.asyncIterator]() : inputs[Symbol.iterator]();
    let ended = false;
    const pull = async (n: number): Promise<I[]> => {
      const got: I[] = [];
      while (got.length < n && !ended) {
        const r = await source.next();
        if (r.done) ended = true;
        else got.push(r.value);
      }
      return got;
    };
    const dropped = new AbortController();
    const inFlight: Promise<O[]>[] = [];
    const lookahead = () => Math.max(1, typeof opts.lookahead === 'function' ? opts.lookahead() : opts.lookahead);
    try {
      if (this.size === 0) {
        // The main thread: one input at a time, when it is asked for.
        for (;;) {
          const one = await pull(1);
          if (one.length === 0) return;
          yield runHere(task, one)[0];
          const pause = breathe();
          if (pause) await pause;
        }
      }
      for (;;) {
        while (!ended && inFlight.length < lookahead()) {
          const batch = await pull(opts.batch);
          if (batch.length === 0) break;
          const results = this.run(task, batch, dropped.signal);
          results.catch(() => undefined); // read in order below
          inFlight.push(results);
        }
        const next = inFlight.shift();
        if (!next) return;
        yield* await next;
      }
    } finally {
      dropped.abort();
      await source.return?.();
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.queue.clear();
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** A task's worker died under it. */
export class WorkerDied extends Error {
  override name = 'WorkerDied';
}
