/**
 * The one error class for problems a user can fix: a malformed puzzle line, a bad flag,
 * a broken job file. Its message is one or two lines that name the place (file, line,
 * field), what was expected and what was found. Only the CLI prints it and exits.
 * Any other thrown error is a bug.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** `text` with its control characters (C0, DEL, C1) written as \u escapes: safe to print on a terminal. */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text quoted in a message: at most `max` characters, control characters escaped, so that a
 * huge or binary input never floods the terminal or drives it with escape codes; `count`
 * says how many characters were left out (else "..." marks the cut).
 */
export function quoted(text: string, max = 40, count = true): string {
  const head = text.slice(0, max);
  const more = head.length === text.length ? '' : count ? ` (and ${text.length - head.length} more characters)` : '...';
  return `"${escapeControls(head.replace(/["\\]/g, '\\$&'))}"${more}`;
}
