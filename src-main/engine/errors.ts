/** The error type lives beside the engine and the sync, which both throw it (see ../errors.ts). */
export * from '../errors.js';
