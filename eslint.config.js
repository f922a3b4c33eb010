import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'resources/**', '.scratch/**', 'test-results/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The engine must load under plain Node: only the Electron shell may import electron.
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only src-main/electron/ may import electron.' }] }],
    },
  },
  {
    files: ['src-main/electron/**', 'electron.vite.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The sync takes narrow dependencies (the store, a project reader): it never imports the engine.
    files: ['src-main/sync/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only src-main/electron/ may import electron.' }], patterns: [{ group: ['**/engine/*', '**/engine/**'], message: 'The sync must not import the engine: take what it needs as a parameter.' }] },
      ],
    },
  },
  {
    // The renderer: hooks called in order, effects listing what they use.
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
