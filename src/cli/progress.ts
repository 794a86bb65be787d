/**
 * Progress on a terminal: counts, rate and ETA on one stderr line, redrawn at most a few
 * times a second. Shown only when stderr is a terminal, unless --quiet is given or CI is set
 * to a true value (CI=1, CI=true; CI=false or CI=0 still show it).
 */
let quiet = false;

/** --quiet: no progress lines. */
export function setQuiet(value: boolean): void {
  quiet = value;
}

/** Whether CI holds a true value. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false' && v !== 'no' && v !== 'off';
}

/** Whether progress lines go to `stream`. */
export function showProgress(stream: NodeJS.WriteStream = process.stderr): boolean {
  return Boolean(stream.isTTY) && !quiet && !inCi();
}

export class Progress {
  private readonly enabled: boolean;
  private readonly start = Date.now();
  private last = 0;
  private readonly stream: NodeJS.WriteStream;

  constructor(
    private readonly label: string,
    private readonly total: number,
    stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.enabled = showProgress(stream);
    this.stream = stream;
  }

  update(done: number, extra = ''): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 200 && done < this.total) return;
    this.last = now;
    const secs = (now - this.start) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    let line: string;
    if (this.total > 0) {
      const eta = rate > 0 && this.total > done ? (this.total - done) / rate : 0;
      const pct = Math.floor((100 * done) / this.total);
      line = `${this.label} ${done}/${this.total} (${pct}%)  ${rate.toFixed(1)}/s  ETA ${formatDuration(eta)}`;
    } else {
      line = `${this.label} ${done}  ${rate.toFixed(1)}/s`; // total unknown (streamed input)
    }
    if (extra) line += `  ${extra}`;
    this.stream.write(`\r\x1b[K${line}`);
  }

  /** Write a line of the caller's own (the book's progress), when progress is shown. */
  raw(line: string): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 200) return;
    this.last = now;
    this.stream.write(`\r\x1b[K${line}`);
  }

  /** Write a line of the caller's own at once: a new stage (rendering) starts. */
  stage(line: string): void {
    if (!this.enabled) return;
    this.last = Date.now();
    this.stream.write(`\r\x1b[K${line}`);
  }

  done(): void {
    if (this.enabled) this.stream.write('\r\x1b[K');
  }
}

export function formatDuration(secs: number): string {
  if (!Number.isFinite(secs) || secs < 0) return '?';
  if (secs < 60) return `${Math.ceil(secs)}s`;
  const m = Math.floor(secs / 60);
  if (m < 60) return `${m}m${String(Math.round(secs % 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
