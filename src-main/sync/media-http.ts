/**
 * The HTTP client of the media step, in a module of its own so the step can load it on its first
 * fetch. A module that imports undici statically: a dynamic `import('undici')` in the command
 * line's bundle (esbuild) gives a namespace without undici's named exports ("Agent is not a
 * constructor"), where a static import gets them.
 */
export { Agent, request } from 'undici';
