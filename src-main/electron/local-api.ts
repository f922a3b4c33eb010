/**
 * The local service API of the desktop app: started at launch unless switched off in the app
 * settings, on the configured port, or on a free port (with a clear log line) when that one is
 * taken. No electron import: it runs, and is tested, under plain Node.
 */
import type { Engine } from '../engine/engine.js';
import { startServer, type RunningServer } from '../http/server.js';

export interface LocalApiSettings {
  enabled: boolean;
  port: number;
}

export interface LocalApiOptions {
  log?: (line: string) => void;
  /** Injected by the tests; the real server otherwise. */
  start?: (engine: Engine, port: number) => Promise<RunningServer>;
}

const code = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** Returns the running server, or null when the API is switched off or could not start at all. */
export async function startLocalApi(engine: Engine, settings: LocalApiSettings, options: LocalApiOptions = {}): Promise<RunningServer | null> {
  const log = options.log ?? ((line: string) => console.log(line));
  const start = options.start ?? ((e: Engine, port: number) => startServer(e, port));
  if (!settings.enabled) {
    log('local API: switched off in the settings (api.enabled)');
    return null;
  }
  try {
    const server = await start(engine, settings.port);
    log(`local API: listening on ${server.url}`);
    return server;
  } catch (error) {
    const reason = code(error);
    if (settings.port !== 0 && (reason === 'EADDRINUSE' || reason === 'EACCES')) {
      try {
        const server = await start(engine, 0);
        log(
          `local API: port ${settings.port} is ${reason === 'EADDRINUSE' ? 'taken by another program' : 'not allowed'}; ` +
            `listening on a free port instead: ${server.url} (change api.port in the settings to choose another)`,
        );
        return server;
      } catch (fallbackError) {
        log(`local API: could not start on any port (${String(fallbackError)}); the app runs without it`);
        return null;
      }
    }
    log(`local API: could not start on port ${settings.port} (${String(error)}); the app runs without it`);
    return null;
  }
}
