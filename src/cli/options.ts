/** Parsers for command-line option values; commander turns their errors into one-line messages. */
import { InvalidArgumentError, Option } from 'commander';

export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return Number(value);
}

/** A parser of positive integers no larger than `max`; `why` says why there is a limit. */
export function positiveIntUpTo(max: number, why: string): (value: string) => number {
  return (value) => {
    const n = positiveInt(value);
    if (n > max) throw new InvalidArgumentError(`at most ${max.toLocaleString('en-US')} (${why}), got ${n.toLocaleString('en-US')}`);
    return n;
  };
}

export function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number (0 or more), got "${value}"`);
  return Number(value);
}

export function choiceOption(flags: string, description: string, choices: readonly string[], fallback: string): Option {
  return new Option(flags, description).choices(choices).default(fallback);
}

export const STRICT_HELP = 'stop at the first malformed line (default: report each on stderr with its line number, go on, exit 1 at the end)';
