import type { Reporter } from '../backup/archive.ts';

/** Where a command writes: the terminal, or the control channel back to the CLI that asked. */
export type CliIo = {
  out(text: string): void;
  err(text: string): void;
  /** Whether the output is a terminal (a progress bar), or a log (one line per step). */
  isTty: boolean;
};

/** Bad input: printed as is, exit code 2. */
export class UsageError extends Error {}
/** A refusal or failure the user can act on: printed as is, exit code 1. */
export class CommandError extends Error {}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} kB`;

/**
 * A reporter for backups and restores: on a terminal a bar with sizes, speed and an estimate of the
 * time left, redrawn at most ten times a second; otherwise only the step lines (a log line each).
 */
export function progressReporter(io: CliIo, label: string): Reporter & { done(): void } {
  const started = performance.now();
  let lastDraw = 0;
  let drawn = false;
  const clear = () => {
    if (drawn) io.out('\r\u001b[2K');
    drawn = false;
  };
  return {
    step(line) {
      clear();
      io.out(`${label}: ${line}\n`);
    },
    progress(done, total) {
      if (!io.isTty) return;
      const now = performance.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? done / seconds : 0;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const width = 24;
      const filled = Math.round(share * width);
      const left = rate > 0 && total > done ? Math.ceil((total - done) / rate) : 0;
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
      const sizes = total > 0 ? `${formatBytes(done)} of ${formatBytes(total)}` : formatBytes(done);
      const estimate = left > 0 ? `, about ${left} s left` : '';
      io.out(
        `\r\u001b[2K${label} ${bar} ${Math.round(share * 100)}%  ${sizes}  ${formatBytes(rate)}/s${estimate}`,
      );
      drawn = true;
    },
    done: clear,
  };
}
