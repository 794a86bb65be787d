import { expect } from 'vitest';
import { UserError } from '../../src/core/errors.js';

/** The message of the UserError that `load` throws; fails the test when it throws anything else or nothing. */
export function problems(load: () => unknown): string {
  try {
    load();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('loaded without error');
}
