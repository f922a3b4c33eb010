/**
 * The renderer build for the browser mode and for `npm run serve`: plain Vite, relative paths
 * (base './') so the same files load from the local server or from disk. Bundles go under
 * static/ because /assets/ is the local API's (its placeholder image).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    assetsDir: 'static',
    target: 'es2022',
    // No inline scripts (the page's CSP forbids them): the module preload polyfill would be one.
    modulePreload: { polyfill: false },
  },
});
