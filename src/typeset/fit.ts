/**
 * Whether a page template can hold what it is asked to: checked with the job, before any
 * puzzle is made. Each rule is named in its message, with the figures that broke it, so a
 * layout that cannot fit (a 1x1 pt page, margins wider than the page, grids too small to
 * read) fails at once instead of after the work, or in a renderer that never ends.
 */
import { answerLabelSize, gridSlots, layoutDailyPage } from './layout.js';
import type { Template } from './templates.js';

/** The PDF format's largest page side: 200 inches. */
export const MAX_PAGE_SIDE = 14_400;
/** Smallest puzzle grid: 1.5 inches, cells of 12 pt (a digit of about 7.4 pt). */
export const MIN_PUZZLE_GRID = 108;
/** Smallest answer-key (or previous-solution) grid: 0.75 inch, cells of 6 pt. */
export const MIN_ANSWER_GRID = 54;
/** Narrowest column for the daily page's rules line: half an inch. */
export const MIN_RULES_WIDTH = 36;

export interface FitProblem {
  /** The job key to change, e.g. "layout.margins". */
  path: string;
  message: string;
}

const pt = (x: number) => `${Math.round(x * 10) / 10} pt`;

/** What is wrong with the template for a book ('book') or a daily newspaper page ('daily'); empty when it fits. */
export function fitProblems(t: Template, kind: 'book' | 'daily'): FitProblem[] {
  const [w, h] = t.pageSize;
  const out: FitProblem[] = [];
  if (w > MAX_PAGE_SIDE || h > MAX_PAGE_SIDE) {
    out.push({ path: 'layout.pageSize', message: `page ${pt(w)} x ${pt(h)} is larger than a PDF page can be (rule: each side at most ${MAX_PAGE_SIDE} pt, 200 in)` });
  }
  const m = t.margins;
  const across = w - m.inner - m.outer;
  const down = h - m.top - m.bottom;
  if (across < MIN_PUZZLE_GRID || down < MIN_PUZZLE_GRID) {
    const which = across < MIN_PUZZLE_GRID ? `inner ${pt(m.inner)} + outer ${pt(m.outer)} leave ${pt(across)} of the ${pt(w)} page width` : `top ${pt(m.top)} + bottom ${pt(m.bottom)} leave ${pt(down)} of the ${pt(h)} page height`;
    out.push({ path: 'layout.margins', message: `margins ${which} (rule: the margins leave a text block at least ${MIN_PUZZLE_GRID} pt, 1.5 in, each way); use smaller margins or a larger pageSize` });
    return out;
  }
  if (kind === 'book') {
    const grids = [
      ['puzzlesPerPage', gridSlots(t, 1, t.puzzlesPerPage, t.fontSizes.label)[0]?.size ?? 0, MIN_PUZZLE_GRID, 'puzzle grid'],
      ['answersPerPage', gridSlots(t, 1, t.answersPerPage, answerLabelSize(t))[0]?.size ?? 0, MIN_ANSWER_GRID, 'answer-key grid'],
    ] as const;
    for (const [key, size, min, what] of grids) {
      if (size >= min) continue;
      const per = t[key];
      out.push({
        path: `layout.${key}`,
        message: `${per.columns} x ${per.rows} to a page makes each ${what} ${pt(Math.max(0, size))} wide (rule: ${what === 'puzzle grid' ? 'a' : 'an'} ${what} is at least ${min} pt); put fewer on a page, or use smaller margins, smaller fontSizes or a larger pageSize`,
      });
    }
  } else {
    const empty = '.'.repeat(81);
    const page = layoutDailyPage(t, '', { dateLine: '', label: '', puzzle: empty, previous: [{ label: '', puzzle: empty, solution: empty }] }, 1);
    const prev = page.previous[0].box.size;
    if (page.box.size < MIN_PUZZLE_GRID) {
      out.push({ path: 'layout', message: `the day's grid would be ${pt(Math.max(0, page.box.size))} wide (rule: a puzzle grid is at least ${MIN_PUZZLE_GRID} pt); use smaller margins or fontSizes, or a larger pageSize` });
    } else if (prev < MIN_ANSWER_GRID) {
      out.push({ path: 'layout', message: `the previous day's solution would be ${pt(Math.max(0, prev))} wide (rule: a solution grid is at least ${MIN_ANSWER_GRID} pt); use smaller margins or fontSizes, or a larger pageSize` });
    } else if (page.rules.width < MIN_RULES_WIDTH) {
      out.push({ path: 'layout', message: `the rules column would be ${pt(Math.max(0, page.rules.width))} wide (rule: at least ${MIN_RULES_WIDTH} pt); use smaller margins or fontSizes, or a larger pageSize` });
    }
  }
  return out;
}
