/**
 * The log file of a data folder: DATA_DIR/logs/fieldsizer.log, rotated at 1 MB into
 * fieldsizer.log.1 … .5 (rotating-file-stream), 0600. Main, the start-up worker (through main)
 * and the renderer's uncaught errors (through the contract's app.logError) write here, each line
 * tagged with where it came from. Every entry is one line (newlines escaped), scrubbed of keys and
 * personal data (scrub.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import { ensurePrivateFolder } from '../store/data-folder.js';
import { escapeControls, scrub } from './scrub.js';

export const LOG_DIR = 'logs';
export const LOG_FILE = 'fieldsizer.log';

export type LogLevel = 'info' | 'warn' | 'error';

export interface AppLog {
  readonly dir: string;
  readonly file: string;
  write(level: LogLevel, source: string, message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

export const logsDir = (dataDir: string) => path.join(dataDir, LOG_DIR);

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export function openAppLog(dataDir: string, options: { echo?: (line: string) => void; maxSize?: string; keep?: number } = {}): AppLog {
  const dir = logsDir(dataDir);
  ensurePrivateFolder(dir);
  const file = path.join(dir, LOG_FILE);
  const stream: RotatingFileStream = createStream(LOG_FILE, { path: dir, size: options.maxSize ?? '1M', rotate: options.keep ?? 5, mode: 0o600 });
  stream.on('error', () => undefined);
  let open = true;
  const log: AppLog = {
    dir,
    file,
    write(level, source, message) {
      // One entry, one line: a newline in a message (an error's text, a stack) cannot forge another entry.
      const line = scrub(`${new Date().toISOString()} ${level.toUpperCase()} [${source}] ${escapeControls(message)}`);
      options.echo?.(line);
      if (open) stream.write(`${line}\n`);
    },
    info: (message) => log.write('info', 'main', message),
    warn: (message) => log.write('warn', 'main', message),
    error: (message, error) => log.write('error', 'main', error === undefined ? message : `${message}: ${describeError(error)}`),
    close() {
      if (!open) return Promise.resolve();
      open = false;
      return new Promise((resolve) => stream.end(() => resolve()));
    },
  };
  return log;
}

/** The log lines of the current file (newest last), for tests and the About box. */
export function readLog(dataDir: string): string {
  try {
    return fs.readFileSync(path.join(logsDir(dataDir), LOG_FILE), 'utf8');
  } catch {
    return '';
  }
}
