/**
 * The name job files used for unique rectangles before unique loops: the same producer
 * (unique-loops.ts: rectangles and loops, types 1-4) under the old name, so existing level
 * tables keep working.
 */
import type { Technique } from '../technique.js';
import { uniqueLoops } from './unique-loops.js';

export const uniqueRectangle: Technique = { ...uniqueLoops, name: 'unique-rectangle' };
