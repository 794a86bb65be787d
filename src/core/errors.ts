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
