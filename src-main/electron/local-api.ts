/**
 * The local service API of the desktop app: started at launch unless switched off in the app
 * settings, on the configured port; when that one is taken, on a free port only if the rep agrees
 * (the app asks), said in the log and in local-api.json. No electron import: it runs, and is
 * tested, under plain Node.
 */
import type { Engine } from '../engine/engine.js';
import { startServer, type RunningServer } from '../http/server.js';
import type { ServerLog } from '../http/errors.js';

export interface LocalApiSettings {
  enabled: boolean;
  port: number;
}

export interface LocalApiOptions {
  log?: (line: string) => void;
  /** Injected by the tests; the real server otherwise. */
  start?: (engine: Engine, port: number) => Promise<RunningServer>;
  /** The app's log file, for the server's unexpected failures (500s, with their stacks). */
  serverLog?: ServerLog;
  /**
   * Asked when the configured port cannot be had: may the API listen on a free port instead, for
   * this session? Without an answer (or on no) it stays off: tools set up for the configured port
   * would otherwise send their keys to whatever holds it.
   */
  confirmMove?: (port: number, reason: PortProblem) => Promise<boolean>;
}

export type PortProblem = 'taken' | 'not-allowed';

export interface LocalApi {
  server: RunningServer;
  /** Why it is not on the configured port (null when it is). */
  moved: { from: number; reason: PortProblem } | null;
}

const code = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const PROBLEM_WORDS: Record<PortProblem, string> = { taken: 'taken by another program', 'not-allowed': 'not allowed' };

/** Returns the running API, or null when it is switched off, could not start, or was not allowed to move. */
export async function startLocalApi(engine: Engine, settings: LocalApiSettings, options: LocalApiOptions = {}): Promise<LocalApi | null> {
  const log = options.log ?? ((line: string) => console.log(line));
  const start = options.start ?? ((e: Engine, port: number) => startServer(e, port, { log: options.serverLog }));
  if (!settings.enabled) {
    log('local API: switched off in the settings (api.enabled)');
    return null;
  }
  try {
    const server = await start(engine, settings.port);
    log(`local API: listening on ${server.url}`);
    return { server, moved: null };
  } catch (error) {
    const reason: PortProblem | null = code(error) === 'EADDRINUSE' ? 'taken' : code(error) === 'EACCES' ? 'not-allowed' : null;
    if (settings.port === 0 || reason === null) {
      log(`local API: could not start on port ${settings.port} (${String(error)}); the app runs without it`);
      return null;
    }
    if (!(await options.confirmMove?.(settings.port, reason))) {
      log(`local API: port ${settings.port} is ${PROBLEM_WORDS[reason]}; the local API is off for this session (choose another port in Settings → Local API)`);
      return null;
    }
    try {
      const server = await start(engine, 0);
      log(
        `local API: port ${settings.port} is ${PROBLEM_WORDS[reason]}; listening on a free port instead: ${server.url} ` +
          '(tools find it in local-api.json in the data folder; change api.port in the settings to choose another)',
      );
      return { server, moved: { from: settings.port, reason } };
    } catch (fallbackError) {
      log(`local API: could not start on any port (${String(fallbackError)}); the app runs without it`);
      return null;
    }
  }
}
