/**
 * A pool of worker threads running the tasks of tasks.ts, scheduled with p-queue (one task
 * per worker at a time). With size 0 the tasks run on the main thread: same results, which
 * tests use to check that the number of workers changes nothing.
 *
 * A worker that dies (crash, out of memory, terminated) is replaced; the task it was running
 * is pure, so it is run once more on the new worker, and fails with a clear error if its
 * worker dies again. No task ever waits on a dead worker.
 */
import PQueue from 'p-queue';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UserError } from '../core/errors.js';
import { TASKS, type TaskInput, type TaskName, type TaskOutput } from './tasks.js';

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
  task: string;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

type Message = { id: number; result?: unknown; error?: { name: string; message: string; stack?: string } };

/** A worker thread with at most one task in flight. */
class Slot {
  worker!: Worker;
  running: Running | null = null;
  /** Deaths since the last task this slot finished; past MAX_DEATHS it is not restarted. */
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
      if (msg.error) {
        r.reject(msg.error.name === 'UserError' ? new UserError(msg.error.message) : new Error(`${msg.error.message}\n${msg.error.stack ?? ''}`));
      } else {
        r.resolve(msg.result);
      }
    });
    w.on('error', (err) => {
      if (this.worker === w) this.onDeath(this, err.message);
    });
    w.on('exit', (code) => {
      if (this.worker === w) this.onDeath(this, `exit code ${code}`);
    });
  }
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
   * A worker died: start a new one in its place and fail its task (the caller may retry).
   * A worker that keeps dying without finishing a task (it cannot start) is not restarted.
   */
  private died(slot: Slot, why: string): void {
    if (this.closing) return;
    const r = slot.running;
    slot.running = null;
    const old = slot.worker;
    if (++slot.deaths > MAX_DEATHS) slot.broken = why;
    else slot.start();
    void old.terminate().catch(() => undefined);
    if (r) r.reject(new WorkerDied(`a worker thread died while running task "${r.task}" (${why})`));
  }

  /** Run a task on a free worker (or inline when the pool has no workers). */
  run<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskOutput<K>> {
    if (this.size === 0) {
      return this.queue.add(async () => (TASKS[task] as (i: TaskInput<K>) => TaskOutput<K>)(input)) as Promise<TaskOutput<K>>;
    }
    return this.queue.add(async () => {
      const slot = this.idle.pop()!;
      try {
        try {
          return await this.send<K>(slot, task, input);
        } catch (err) {
          if (!(err instanceof WorkerDied) || this.closing) throw err;
          // Tasks are pure: running it again on the fresh worker gives the same result.
          return await this.send<K>(slot, task, input);
        }
      } finally {
        this.idle.push(slot);
      }
    }) as Promise<TaskOutput<K>>;
  }

  private send<K extends TaskName>(slot: Slot, task: K, input: TaskInput<K>): Promise<TaskOutput<K>> {
    if (slot.broken) return Promise.reject(new Error(`a worker thread cannot run task "${task}": it died ${MAX_DEATHS + 1} times in a row (${slot.broken})`));
    return new Promise<TaskOutput<K>>((resolve, reject) => {
      const id = this.nextId++;
      slot.running = { id, task, resolve: resolve as (v: unknown) => void, reject };
      slot.worker.postMessage({ id, task, input });
    });
  }

  /**
   * Forget the tasks not yet started (their promises never settle: drop them too) and wait
   * for the running ones to finish.
   */
  async drain(): Promise<void> {
    this.queue.clear();
    await this.queue.onIdle();
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
