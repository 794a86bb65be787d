/**
 * All techniques, in the order Sudoku Explainer (Sukaku Explainer's `serate`, default set)
 * tries them. The grader asks them in this order and applies the first deduction found,
 * starting again from the top after every step, so each step is the easiest SE would take;
 * a step's rating is SE's difficulty for it (the weights below are each technique's lowest).
 */
import type { Technique } from './technique.js';
import { alignedPairExclusion, alignedTripletExclusion } from './techniques/aligned-exclusion.js';
import { bivalueUniversalGrave } from './techniques/bug.js';
import {
  doublyNestedForcingChain,
  doublyNestedMultipleForcingChain,
  dynamicForcingChain,
  dynamicForcingChainPlus,
  forcingChainCycle,
  multipleForcingChain,
  nestedDynamicForcingChain,
  nestedDynamicForcingChainPlus,
  nestedForcingChain,
  nestedMultipleForcingChain,
  nishio,
  CHAINING_PRODUCERS,
} from './chaining/producers.js';
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
  // Chains and the techniques SE rates among them.
  forcingChainCycle,
  tuvwxyzWing,
  alignedTripletExclusion,
  nishio,
  multipleForcingChain,
  dynamicForcingChain,
  dynamicForcingChainPlus,
  // Nested forcing chains: levels 2 and 3, then level 4 with inner chains of level 0 to 3.
  nestedForcingChain,
  nestedMultipleForcingChain,
  nestedDynamicForcingChain,
  nestedDynamicForcingChainPlus,
  doublyNestedForcingChain,
  doublyNestedMultipleForcingChain,
]);

export const TECHNIQUE_NAMES: readonly string[] = TECHNIQUES.map((t) => t.name);

/** The chains and forcing chains (every technique of the `chaining/` engine), in registry order. */
export const CHAINING_NAMES: readonly string[] = TECHNIQUES.filter((t) => CHAINING_PRODUCERS.includes(t)).map((t) => t.name);

const BY_NAME = new Map(TECHNIQUES.map((t) => [t.name, t]));

export function techniqueByName(name: string): Technique | undefined {
  return BY_NAME.get(name);
}

/**
 * Techniques whose every step has the same rating (their weight). With the hidden single
 * (1.2 in a box, 1.5 in a line, 1.0 for a full house) and the turbot fish (BOUNDED_RATING)
 * these are the techniques whose highest rating is known in advance; chains, uniqueness
 * patterns, strong-link fish of three and four links and the larger wings grow with their
 * length or size.
 */
const FIXED_RATING = new Set([
  'direct-pointing',
  'direct-claiming',
  'direct-hidden-pair',
  'naked-single',
  'direct-hidden-triple',
  'pointing',
  'claiming',
  'naked-pair',
  'x-wing',
  'hidden-pair',
  'naked-triple',
  'swordfish',
  'hidden-triple',
  'xy-wing',
  'xyz-wing',
  'naked-quad',
  'jellyfish',
  'hidden-quad',
]);
/**
 * Techniques whose steps rate within a known bound above their weight: the hidden single (1.5
 * in a line) and the turbot fish (4.0, plus 0.1 for a box or mixed lines, 0.2 for both, 0.3
 * for a grouped link: at most 4.3).
 */
const BOUNDED_RATING = new Map([
  ['hidden-single', 1.5],
  ['turbot-fish', 4.3],
]);

/** The highest rating a step of this technique can have, or null when it has no fixed bound. */
export function highestRating(name: string): number | null {
  const bound = BOUNDED_RATING.get(name);
  if (bound !== undefined) return bound;
  const t = BY_NAME.get(name);
  return t && FIXED_RATING.has(name) ? t.weight : null;
}
