/**
 * Runs before each file of the unit tier. That tier shares its worker processes between files
 * (vitest.config.ts: `isolate: false`, which halves its CPU time: no process start and no
 * reloading node_modules per file). Dropping the project's own modules here gives each file fresh
 * copies of src-main, src-shared and the test helpers, as an isolated run would; only
 * node_modules stay loaded.
 */
import { vi } from 'vitest';

vi.resetModules();
