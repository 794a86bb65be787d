/** Worker-thread entry: runs named tasks from tasks.ts for the pool. */
import { parentPort } from 'node:worker_threads';
import { TASKS, type TaskName } from './tasks.js';

interface Request {
  id: number;
  task: TaskName;
  input: unknown;
}

parentPort!.on('message', (req: Request) => {
  try {
    const result = (TASKS[req.task] as (input: unknown) => unknown)(req.input);
    parentPort!.postMessage({ id: req.id, result });
  } catch (err) {
    const e = err as Error;
    parentPort!.postMessage({ id: req.id, error: { name: e?.name, message: e?.message ?? String(err), stack: e?.stack } });
  }
});
