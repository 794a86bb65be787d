/**
 * A pool of worker threads running the tasks of tasks.ts, scheduled with p-queue (one task
 * per worker at a time). With size 0 the tasks run on the main thread: same results, which
 * tests use to check that the number of workers changes nothing.
 */
import PQueue from 'p-queue';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UserError } from '../core/errors.js';
import { TASKS, type TaskInput, type TaskName, type TaskOutput } from './tasks.js';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** One worker per core by default. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

export class WorkerPool {
  private readonly queue: PQueue;
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(readonly size: number) {
    this.queue = new PQueue({ concurrency: Math.max(1, size) });
    for (let i = 0; i < size; i++) {
      const w = new Worker(new URL('./worker.js', import.meta.url));
      w.on('message', (msg: { id: number; result?: unknown; error?: { name: string; message: string; stack?: string } }) => {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.error) {
          const err = msg.error.name === 'UserError' ? new UserError(msg.error.message) : new Error(`${msg.error.message}\n${msg.error.stack ?? ''}`);
          p.reject(err);
        } else {
          p.resolve(msg.result);
        }
      });
      w.on('error', (err) => {
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      });
      this.idle.push(w);
      this.all.push(w);
    }
  }

  /** Run a task on a free worker (or inline when the pool has no workers). */
  run<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskOutput<K>> {
    if (this.size === 0) {
      return this.queue.add(async () => (TASKS[task] as (i: TaskInput<K>) => TaskOutput<K>)(input)) as Promise<TaskOutput<K>>;
    }
    return this.queue.add(async () => {
      const w = this.idle.pop()!;
      try {
        return await new Promise<TaskOutput<K>>((resolve, reject) => {
          const id = this.nextId++;
          this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
          w.postMessage({ id, task, input });
        });
      } finally {
        this.idle.push(w);
      }
    }) as Promise<TaskOutput<K>>;
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
    this.queue.clear();
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}
