// undici's inner modules, imported only to load undici in steps (warm-up.ts); nothing of them is used.
declare module 'undici/lib/*';
