import { describe, expect, it } from 'vitest';
import { runEstimateChunk } from '../../src/generator/estimate.js';
// Worker threads load compiled code: the pool under test is the built one (npm test builds first).
import { checkWorkers, MAX_WORKERS, WorkerPool } from '../../dist/workers/pool.js';

const chunk = (from: number, to: number) => ({ seed: 'pool', from, to, p: 0.5, fill: 'diagonal' as const });

describe('worker pool', () => {
  it('survives a worker killed mid-task: the task runs again on a new worker, later tasks still run', async () => {
    const pool = new WorkerPool(2);
    try {
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> }; running: unknown }[] }).slots;
      const long = pool.run('estimate', chunk(0, 1500));
      const other = pool.run('estimate', chunk(4000, 4100));
      // Kill whichever worker holds the long task as soon as it is running.
      for (let i = 0; i < 200 && !slots.some((s) => s.running); i++) await new Promise((r) => setTimeout(r, 5));
      const victim = slots.find((s) => s.running)!;
      await victim.worker.terminate();
      expect(await long).toBe(runEstimateChunk(chunk(0, 1500)));
      expect(await other).toBe(runEstimateChunk(chunk(4000, 4100)));
      const after = await Promise.all([0, 1, 2, 3].map((k) => pool.run('estimate', chunk(k * 50, k * 50 + 50))));
      expect(after).toEqual([0, 1, 2, 3].map((k) => runEstimateChunk(chunk(k * 50, k * 50 + 50))));
    } finally {
      await pool.close();
    }
  });

  it('fails a task whose worker dies twice with a clear error instead of hanging', async () => {
    const pool = new WorkerPool(1);
    try {
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> }; running: unknown }[] }).slots;
      const task = pool.run('estimate', chunk(0, 1_000_000));
      const outcome = task.then(
        () => null,
        (e: Error) => e.message,
      );
      for (let kill = 0; kill < 2; kill++) {
        for (let i = 0; i < 400 && !slots[0].running; i++) await new Promise((r) => setTimeout(r, 5));
        await slots[0].worker.terminate();
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await outcome).toMatch(/worker thread died while running task "estimate"/);
      expect(await pool.run('estimate', chunk(0, 20))).toBe(runEstimateChunk(chunk(0, 20)));
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
