/**
 * Runs before each test file, in every tier. The files share their worker processes
 * (vitest.config.ts: `isolate: false`: no process start and no reloading of node_modules per
 * file, about half the unit tier's CPU time). Dropping the project's own modules
 * here gives each file fresh copies of src-main, src-shared and the test helpers, as an isolated
 * run would; only node_modules stay loaded.
 */
import { vi } from 'vitest';

vi.resetModules();
