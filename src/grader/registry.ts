/**
 * All techniques, in the order Sudoku Explainer (Sukaku Explainer's `serate`, default set)
 * tries them. The grader asks them in this order and applies the first deduction found,
 * starting again from the top after every step, so each step is the easiest SE would take;
 * a step's rating is SE's difficulty for it (the weights below are each technique's lowest).
 */
import type { Technique } from './technique.js';
import { alignedPairExclusion, alignedTripletExclusion } from './techniques/aligned-exclusion.js';
import { bivalueUniversalGrave } from './techniques/bug.js';
import { CHAINING_PRODUCERS, forcingChainCycle } from './chaining/producers.js';
import { claiming } from './techniques/claiming.js';
import { directClaiming } from './techniques/direct-claiming.js';
import { directHiddenPair } from './techniques/direct-hidden-pair.js';
import { directHiddenTriple } from './techniques/direct-hidden-triple.js';
import { directPointing } from './techniques/direct-pointing.js';
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
import { fourStrongLinks, threeStrongLinks, turbotFish } from './techniques/strong-links.js';
import { swordfish } from './techniques/swordfish.js';
import { uniqueLoops } from './techniques/unique-loops.js';
import { xWing } from './techniques/x-wing.js';
import { xyWing } from './techniques/xy-wing.js';
import { xyzWing } from './techniques/xyz-wing.js';
import { tuvwxyzWing, uvwxyzWing, vwxyzWing, wxyzWing } from './techniques/wxyz-wing.js';

export const TECHNIQUES: readonly Technique[] = Object.freeze([
  // Direct techniques: each places a digit.
  hiddenSingle,
  directPointing,
  directClaiming,
  directHiddenPair,
  nakedSingle,
  directHiddenTriple,
  // Eliminations.
  pointing,
  claiming,
  nakedPair,
  xWing,
  hiddenPair,
  nakedTriple,
  swordfish,
  hiddenTriple,
  turbotFish,
  xyWing,
  xyzWing,
  uniqueLoops,
  nakedQuad,
  jellyfish,
  hiddenQuad,
  threeStrongLinks,
  wxyzWing,
  bivalueUniversalGrave,
  fourStrongLinks,
  vwxyzWing,
  alignedPairExclusion,
  uvwxyzWing,
  // Chains and the techniques SE rates among them; then every other kind of the table of
  // chaining kinds (chaining/kinds.ts), in its order: Nishio, multiple, dynamic, dynamic (+),
  // nested forcing chains of levels 2 and 3, then level 4 with inner chains of level 0 to 3.
  forcingChainCycle,
  tuvwxyzWing,
  alignedTripletExclusion,
  ...CHAINING_PRODUCERS.filter((t) => t !== forcingChainCycle),
]);

export const TECHNIQUE_NAMES: readonly string[] = TECHNIQUES.map((t) => t.name);

/** The chains and forcing chains (every technique of the `chaining/` engine), in registry order. */
export const CHAINING_NAMES: readonly string[] = TECHNIQUES.filter((t) => CHAINING_PRODUCERS.includes(t)).map((t) => t.name);

const BY_NAME = new Map(TECHNIQUES.map((t) => [t.name, t]));

export function techniqueByName(name: string): Technique | undefined {
  return BY_NAME.get(name);
}

/**
 * The highest rating a step of this technique can have (its rating facts: the weight when
 * fixed, the bound when bounded), or null when it grows without a bound known in advance.
 */
export function highestRating(name: string): number | null {
  const t = BY_NAME.get(name);
  if (!t) return null;
  return t.rates.kind === 'fixed' ? t.weight : t.rates.kind === 'bounded' ? t.rates.highest : null;
}
