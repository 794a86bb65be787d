/**
 * Worker-thread entry: runs a batch of inputs through a task, imported from the module the
 * pool names (see task.ts), and posts the results back in order, or the first error with the
 * index of the input that threw it.
 */
import { parentPort } from 'node:worker_threads';
import { isTask, type Task } from './task.js';

interface Request {
  id: number;
  module: string;
  name: string;
  inputs: unknown[];
}

const modules = new Map<string, Promise<Record<string, unknown>>>();

async function taskOf(module: string, name: string): Promise<Task<unknown, unknown>> {
  let loading = modules.get(module);
  if (!loading) modules.set(module, (loading = import(module) as Promise<Record<string, unknown>>));
  const task = (await loading)[name];
  if (!isTask(task)) throw new Error(`${module} exports no task named "${name}"`);
  return task;
}

parentPort!.on('message', async (req: Request) => {
  let index = -1;
  try {
    const task = await taskOf(req.module, req.name);
    const results: unknown[] = [];
    for (index = 0; index < req.inputs.length; index++) results.push(task.run(req.inputs[index]));
    parentPort!.postMessage({ id: req.id, results });
  } catch (err) {
    const e = err as Error;
    parentPort!.postMessage({ id: req.id, index, error: { name: e?.name, message: e?.message ?? String(err), stack: e?.stack } });
  }
});
