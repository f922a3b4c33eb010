/** Fieldsizer sizing engine: pure functions and data, usable in Node and in the browser. */
export * from './units';
export * from './tables';
export * from './jurisdiction-rules';
export * from './candidates';
export * from './fixtures';
export * from './flow';
export * from './grease';
export * from './gravity-volume';
export * from './recommend';
export * from './accessories';
export * from './project';
export * from './derivation';
export * from './fixture-policy';
export * from './local-formula';
export * from './code-family';
export * from './rules-source';
export * from './authority';
