/** The six orderings of three things, used wherever a band, stack or box row is permuted. */
export const PERMUTATIONS_3: readonly (readonly [number, number, number])[] = Object.freeze([
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
]);
