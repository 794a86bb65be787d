/**
 * Loaded before anything else: a Ctrl-C or SIGTERM during start-up (while the command's
 * modules load) exits at once with its code (130, 143) and a message, instead of ending the
 * process silently. main.ts replaces it with the full handler when it starts.
 */
export function earlyStop(signal: NodeJS.Signals): void {
  process.stderr.write(`\nsudoku-press: ${signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted'}\n`);
  process.exit(signal === 'SIGTERM' ? 143 : 130);
}

process.on('SIGINT', earlyStop);
process.on('SIGTERM', earlyStop);
