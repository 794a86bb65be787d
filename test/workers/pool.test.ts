import { describe, expect, it } from 'vitest';
// Worker threads load compiled code: the pool and the tasks under test are the built ones (npm test builds first).
import { estimateTask, runEstimateChunk } from '../../dist/generator/estimate.js';
import { checkWorkers, MAX_WORKERS, WorkerPool } from '../../dist/workers/pool.js';
import { double, gated, missing } from './tasks.mjs';

const chunk = (from: number, to: number) => ({ seed: 'pool', from, to, p: 0.5, fill: 'diagonal' as const });

type Slots = { worker: { terminate(): Promise<number> }; running: unknown }[];
const slotsOf = (pool: WorkerPool) => (pool as unknown as { slots: Slots }).slots;

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('worker pool', () => {
  it('survives a worker killed mid-task: the task runs again on a new worker, later tasks still run', async () => {
    const pool = new WorkerPool(2);
    try {
      const slots = slotsOf(pool);
      const long = pool.run(estimateTask, [chunk(0, 1500)]);
      const other = pool.run(estimateTask, [chunk(4000, 4100)]);
      // Kill whichever worker holds the long task as soon as it is running.
      for (let i = 0; i < 200 && !slots.some((s) => s.running); i++) await new Promise((r) => setTimeout(r, 5));
      const victim = slots.find((s) => s.running)!;
      await victim.worker.terminate();
      expect(await long).toEqual([runEstimateChunk(chunk(0, 1500))]);
      expect(await other).toEqual([runEstimateChunk(chunk(4000, 4100))]);
      const after = await pool.run(estimateTask, [0, 1, 2, 3].map((k) => chunk(k * 50, k * 50 + 50)));
      expect(after).toEqual([0, 1, 2, 3].map((k) => runEstimateChunk(chunk(k * 50, k * 50 + 50))));
    } finally {
      await pool.close();
    }
  });

  it('fails a task whose worker dies twice with a clear error naming the input instead of hanging', async () => {
    const pool = new WorkerPool(1);
    try {
      const slots = slotsOf(pool);
      const outcome = pool.run(estimateTask, [chunk(0, 1_000_000)]).then(
        () => null,
        (e: Error) => e.message,
      );
      for (let kill = 0; kill < 2; kill++) {
        for (let i = 0; i < 400 && !slots[0].running; i++) await new Promise((r) => setTimeout(r, 5));
        await slots[0].worker.terminate();
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await outcome).toMatch(/^a worker thread died while running task "estimateTask" on trials 0-999999 of seed "pool" \(exit code \d+\)$/);
      expect(await pool.run(estimateTask, [chunk(0, 20)])).toEqual([runEstimateChunk(chunk(0, 20))]);
    } finally {
      await pool.close();
    }
  });

  it('refuses worker counts past the ceiling', () => {
    expect(() => checkWorkers(MAX_WORKERS + 1, '--workers')).toThrow(/--workers: expected a whole number from 0 to 64/);
    expect(() => new WorkerPool(1000)).toThrow(/from 0 to 64/);
    expect(checkWorkers(2)).toBe(2);
  });
});

describe('mapOrdered', () => {
  it('gives every output in input order, the same on the main thread and on 1 or 2 workers, from a sync or async input', async () => {
    // Chunks of very different sizes finish out of order on two workers.
    const chunks = [0, 300, 10, 400, 5, 150, 20, 2].map((n, k) => chunk(k * 2000, k * 2000 + n));
    const expected = chunks.map(runEstimateChunk);
    async function* slowly() {
      for (const c of chunks) {
        await new Promise((r) => setImmediate(r));
        yield c;
      }
    }
    for (const size of [0, 1, 2]) {
      const pool = new WorkerPool(size);
      try {
        expect(await collect(pool.mapOrdered(estimateTask, chunks, { batch: 3, lookahead: 2 })), `${size} workers`).toEqual(expected);
        expect(await collect(pool.mapOrdered(estimateTask, slowly(), { batch: 1, lookahead: () => 4 })), `${size} workers, async`).toEqual(expected);
      } finally {
        await pool.close();
      }
    }
  });

  it('pulls an endless input only as far as it works ahead, and a break drops what has not started', async () => {
    const pool = new WorkerPool(2);
    const gate = new Int32Array(new SharedArrayBuffer(4));
    const ran = new Int32Array(new SharedArrayBuffer(4 * 64));
    let pulled = 0;
    let closed = false;
    function* endless() {
      try {
        for (let value = 0; ; value++) {
          pulled++;
          yield { value, gate, ran };
        }
      } finally {
        closed = true;
      }
    }
    const open = (to: number) => {
      Atomics.store(gate, 0, to);
      Atomics.notify(gate, 0);
    };
    try {
      open(3); // inputs 0, 1 and 2 may finish; the others wait on their worker
      const got: number[] = [];
      for await (const v of pool.mapOrdered(gated, endless(), { batch: 1, lookahead: 6 })) {
        got.push(v);
        if (got.length === 3) break;
      }
      expect(got).toEqual([0, 1, 2]);
      expect(closed).toBe(true);
      // Three read, at most six batches in flight: inputs 3 and 4 hold the two workers, 5 to 7 wait for one.
      expect(pulled).toBe(8);
      open(1000);
      // A batch sent after the break runs once the queue is past the dropped ones.
      expect(await pool.run(gated, [{ value: 20, gate, ran }])).toEqual([20]);
      // Inputs 3 and 4 were running: they finish (on their own time); 5 to 7 never ran.
      for (let i = 0; i < 400 && !(ran[3] && ran[4]); i++) await new Promise((r) => setTimeout(r, 5));
      expect([...ran.slice(0, 8)]).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
    } finally {
      open(1000);
      await pool.close();
    }
  });

  it('names the input a worker dies on, and the input a task throws on', async () => {
    const inputs = (extra: object) => Array.from({ length: 10 }, (_, value) => ({ value, ...extra }));
    const pool = new WorkerPool(2);
    try {
      // The batch with input 6 dies twice; its inputs are then run one at a time.
      const died = await collect(pool.mapOrdered(double, inputs({ crashOn: 6 }), { batch: 4, lookahead: 2 })).catch((e: Error) => e.message);
      expect(died).toMatch(/^a worker thread died while running task "double" on value 6 \(exit code 7\)$/);
      const threw = await collect(pool.mapOrdered(double, inputs({ throwOn: 5 }), { batch: 4, lookahead: 2 })).catch((e: Error) => e.message);
      expect(threw).toBe('task "double" failed on value 5: no double for 5');
      // The pool still works after both.
      expect(await collect(pool.mapOrdered(double, inputs({}), { batch: 4, lookahead: 2 }))).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
      const lost = await pool.run(missing, [1]).catch((e: Error) => e.message);
      expect(lost).toMatch(/tasks\.mjs exports no task named "notExported"/);
    } finally {
      await pool.close();
    }
    const here = new WorkerPool(0);
    const threwHere = await collect(here.mapOrdered(double, inputs({ throwOn: 5 }), { batch: 4, lookahead: 2 })).catch((e: Error) => e.message);
    expect(threwHere).toBe('task "double" failed on value 5: no double for 5');
  });
});
