/**
 * The work that runs on worker threads, by name. Each task is a pure function of its plain,
 * structured-cloneable input, so running it on any worker (or the main thread) gives the
 * same result: that is what keeps runs reproducible whatever the number of workers.
 */
import { runEstimateChunk } from '../generator/estimate.js';
import { runCandidate } from './candidate-task.js';
import { checkBatch } from '../audit/check.js';
import { gradeBatch } from './grade-task.js';

export const TASKS = {
  estimate: runEstimateChunk,
  candidate: runCandidate,
  audit: checkBatch,
  grade: gradeBatch,
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskName> = ReturnType<(typeof TASKS)[K]>;
