import { defineConfig } from 'vitest/config';

/**
 * The test tiers (`npx vitest run --project <name>`; `npm test` runs all three):
 * - unit: no server, no browser, no child process: the sizing, the stores' rules, the contract's
 *   handlers over an in-process engine. Runs in well under a minute.
 * - integration: real HTTP servers on 127.0.0.1 (test/api, the two-server sync runs), child
 *   processes (the command line, the dev script, the layering check), first starts of the store
 *   and bulk writes through a migrated store.
 * - ui: the renderer in Chromium.
 * A file is integration when it is listed here, unit otherwise (outside test/ui/): a new test
 * lands in one tier or the other, never in none.
 */
const INTEGRATION = [
  'test/api/**',
  // Two servers each, or the pull worker over a real upstream (the pure sync files stay unit).
  'test/sync/spec-upstream*.test.ts',
  'test/sync/sync-{cli,e2e,engineer-push,faults,fingerprints,incremental,kill,local-work,worker-progress,worker-process}.test.ts',
  'test/sync/upstream-client.test.ts',
  'test/sync/media-sync.test.ts',
  'test/sync/media-limits.test.ts',
  'test/sync/media-worker-process.test.ts',
  'test/cli.test.ts',
  'test/serve-process.test.ts',
  'test/layers.test.ts',
  // No process, but electron-builder's own config check compiles its schema: six seconds on a loaded core.
  'test/electron/builder-config.test.ts',
  'test/electron/dev-script.test.ts',
  'test/electron/electron-sqlite-check.test.ts',
  'test/electron/local-api.test.ts',
  'test/electron/main.test.ts',
  'test/electron/updates.test.ts',
  'test/store/data-folder-modes.test.ts',
  'test/store/early-check.test.ts',
  // A migrated store per case and thousands of rows written through the index: a minute on two cores.
  'test/store/fts-bulk-write.test.ts',
  'test/store/import-rules.test.ts',
  'test/store/process-locks.test.ts',
  'test/store/project-transfer.test.ts',
  'test/store/restore-safety.test.ts',
  'test/store/store-safety.test.ts',
  'test/store/template-store.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; two cores keep this modest.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/ui/**', '**/node_modules/**', ...INTEGRATION],
          globalSetup: ['test/global-setup.ts'],
          // One worker process serves many files (a process start and node_modules loaded once, not
          // per file: half the CPU time); the set-up file still gives each file fresh project modules.
          isolate: false,
          setupFiles: ['test/fresh-modules.setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          globalSetup: ['test/global-setup.ts'],
          // These start processes and servers, which a machine at load 2x its cores (the suite
          // beside `npm run bench`) stretches: three command-line processes took over 30 s in one
          // test at load 12. No test or hook here is bounded under 90 s unless it sets its own (a
          // hang still fails, later).
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // As in the unit tier, a worker process serves many files, each with fresh project modules
          // (test/fresh-modules.setup.ts): a process start and node_modules (fastify, zod, kysely) loaded
          // once per worker, not once per file.
          isolate: false,
          setupFiles: ['test/fresh-modules.setup.ts'],
          // Shares the pool with unit, as before the split: the whole run is no longer for it.
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The browser tests run after the others: Chromium on two cores would slow their timed steps.
        extends: true,
        test: {
          name: 'ui',
          include: ['test/ui/**/*.test.ts'],
          globalSetup: ['test/ui/system-check.ts', 'test/global-setup.ts', 'test/ui/build-renderer.ts'],
          // As in the other tiers, a worker process serves many files, each with fresh project modules:
          // a new process per file spent some 5 s (10 on a loaded machine) starting and loading
          // playwright-core, fastify and the engine before its first test (17 files).
          isolate: false,
          setupFiles: ['test/fresh-modules.setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
