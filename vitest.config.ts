import { defineConfig } from 'vitest/config';

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
          exclude: ['test/ui/**', '**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
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
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
