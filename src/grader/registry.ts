/**
 * All techniques, cheapest first. The grader tries them in this order and restarts from the
 * top after every step. Weights follow the Sudoku Explainer scale where it has the technique
 * (singles lowest, then intersections and subsets, fish, wings, uniqueness); single-digit
 * patterns and colouring, which Sudoku Explainer rates as chains, sit among the wings.
 *
 * | technique        | weight |   | technique        | weight |
 * |------------------|--------|---|------------------|--------|
 * | hidden-single    | 1.5    |   | skyscraper       | 4.1    |
 * | naked-single     | 2.3    |   | two-string-kite  | 4.1    |
 * | pointing         | 2.6    |   | xy-wing          | 4.2    |
 * | claiming         | 2.8    |   | xyz-wing         | 4.4    |
 * | naked-pair       | 3.0    |   | w-wing           | 4.4    |
 * | x-wing           | 3.2    |   | unique-rectangle | 4.5    |
 * | hidden-pair      | 3.4    |   | naked-quad       | 5.0    |
 * | naked-triple     | 3.6    |   | jellyfish        | 5.2    |
 * | swordfish        | 3.8    |   | hidden-quad      | 5.4    |
 * | hidden-triple    | 4.0    |   | simple-colouring | 5.5    |
 * |                  |        |   | bug-plus-one     | 5.6    |
 * |                  |        |   | x-chain          | 6.5    |
 * |                  |        |   | xy-chain         | 6.6    |
 */
import type { Technique } from './technique.js';
import { bugPlusOne } from './techniques/bug-plus-one.js';
import { claiming } from './techniques/claiming.js';
import { hiddenPair } from './techniques/hidden-pair.js';
import { hiddenQuad } from './techniques/hidden-quad.js';
import { hiddenSingle } from './techniques/hidden-single.js';
import { hiddenTriple } from './techniques/hidden-triple.js';
import { jellyfish } from './techniques/jellyfish.js';
import { nakedPair } from './techniques/naked-pair.js';
import { nakedQuad } from './techniques/naked-quad.js';
import { nakedSingle } from './techniques/naked-single.js';
import { nakedTriple } from './techniques/naked-triple.js';
import { pointing } from './techniques/pointing.js';
import { simpleColouring } from './techniques/simple-colouring.js';
import { skyscraper } from './techniques/skyscraper.js';
import { swordfish } from './techniques/swordfish.js';
import { twoStringKite } from './techniques/two-string-kite.js';
import { uniqueRectangle } from './techniques/unique-rectangle.js';
import { wWing } from './techniques/w-wing.js';
import { xChain } from './techniques/x-chain.js';
import { xyChain } from './techniques/xy-chain.js';
import { xWing } from './techniques/x-wing.js';
import { xyWing } from './techniques/xy-wing.js';
import { xyzWing } from './techniques/xyz-wing.js';

export const TECHNIQUES: readonly Technique[] = Object.freeze([
  hiddenSingle,
  nakedSingle,
  pointing,
  claiming,
  nakedPair,
  xWing,
  hiddenPair,
  nakedTriple,
  swordfish,
  hiddenTriple,
  skyscraper,
  twoStringKite,
  xyWing,
  xyzWing,
  wWing,
  uniqueRectangle,
  nakedQuad,
  jellyfish,
  hiddenQuad,
  simpleColouring,
  bugPlusOne,
  xChain,
  xyChain,
]);

export const TECHNIQUE_NAMES: readonly string[] = TECHNIQUES.map((t) => t.name);

const BY_NAME = new Map(TECHNIQUES.map((t) => [t.name, t]));

export function techniqueByName(name: string): Technique | undefined {
  return BY_NAME.get(name);
}
