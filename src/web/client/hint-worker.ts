/**
 * The hint worker: runs the grader off the page's main thread, so the page never freezes on the
 * hardest puzzles. Messages: { id, kind: 'hint', position } -> { id, step } (null: no step
 * found); { id, kind: 'walkthrough', puzzle } -> { id, steps }.
 */
import { nextStep, positionState, walkthrough, type Position } from '../hint.js';

type Request = { id: number; kind: 'hint'; position: Position } | { id: number; kind: 'walkthrough'; puzzle: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<Request>) => void) | null; postMessage(data: unknown): void };

scope.onmessage = (e) => {
  const req = e.data;
  try {
    if (req.kind === 'hint') scope.postMessage({ id: req.id, step: nextStep(positionState(req.position)) });
    else scope.postMessage({ id: req.id, steps: walkthrough(req.puzzle) });
  } catch (err) {
    scope.postMessage({ id: req.id, error: String(err) });
  }
};
