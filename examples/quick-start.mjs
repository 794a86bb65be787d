// sudoku-press as a library: make a puzzle, prove it has one solution, grade it, and find
// whether two puzzles are the same up to symmetry. Run: node examples/quick-start.mjs
import { canonicalForm, countSolutions, generate, grade, solve, UserError } from 'sudoku-press';

// A minimal puzzle with rotational symmetry; the same seed always gives the same puzzle.
const made = generate({ seed: 'example-1', symmetry: 'rotational' });
console.log(`puzzle    ${made.puzzle} (${made.clues} clues)`);

// Exactly one solution (the counter stops at 2), and the solver finds it.
console.log(`solutions ${countSolutions(made.puzzle)}`);
console.log(`solution  ${solve(made.puzzle).solution}`);

// How a person would solve it: bucket, rating, hardest technique, and the first steps.
const g = grade(made.puzzle, { steps: true });
console.log(`grade     ${g.bucket}, rating ${g.rating}, hardest ${g.hardest}`);
for (const step of g.steps.slice(0, 3)) console.log(`  - ${step.explain}`);

// The puzzle turned upside down is the same puzzle: same canonical form.
const turned = [...made.puzzle].reverse().join('');
console.log(`same puzzle turned: ${canonicalForm(turned) === canonicalForm(made.puzzle)}`);

// Bad input is a UserError with a message that says what is wrong.
try {
  solve('55' + '.'.repeat(79));
} catch (err) {
  if (!(err instanceof UserError)) throw err;
  console.log(`error     ${err.message}`);
}
