// The import layers (the brief: renderer -> src-shared; http/ipc -> engine -> store;
// the sync over the store, never the engine). Run by `npm run lint`; test/layers.test.ts shows a wrong
// import fails it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle makes load order matter and hides which module is above which.',
      severity: 'error',
      from: { path: '^src-(main|shared|renderer)/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-main',
      comment: 'src-shared is bundled into the renderer and read by every side: it never reaches into the main process.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: '^src-(main|renderer)/' },
    },
    {
      name: 'renderer-imports-no-main',
      comment: 'The renderer talks to main over the typed IPC bridge only: src-shared is its one way in.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/' },
    },
    {
      name: 'store-below-engine-and-sync',
      comment: 'The store keeps tables and files; the rules that use them (engine, sync) sit above it.',
      severity: 'error',
      from: { path: '^src-main/store/' },
      to: { path: '^src-main/(engine|sync|http|ipc|electron|cli)/' },
    },
    {
      name: 'sync-imports-no-engine',
      comment: 'The sync takes narrow dependencies (the store, a project reader) as parameters, never the engine.',
      severity: 'error',
      from: { path: '^src-main/sync/' },
      to: { path: '^src-main/(engine|http|ipc|electron|cli)/' },
    },
    {
      name: 'engine-below-transports',
      comment: 'http and ipc are thin maps onto the engine: the engine never imports a transport or the Electron shell.',
      severity: 'error',
      from: { path: '^src-main/engine/' },
      to: { path: '^src-main/(http|ipc|electron|cli)/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the cruiser cannot resolve would slip past every rule above.',
      severity: 'error',
      from: { path: '^src-(main|shared|renderer)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Count type-only imports too: a type import still says which module knows about which.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
  },
};
