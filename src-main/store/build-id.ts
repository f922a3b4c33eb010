/** Which build of the code is running, for what is kept only as long as the code that made it. */

/** Set by the command line's build (scripts/build-cli.mjs) to the fingerprint of its sources. */
declare const __FIELDSIZER_BUILD__: string | undefined;

/** The command line's build; null where it is not known (the sources under tsx, the Electron bundle). */
export const buildId = (): string | null => (typeof __FIELDSIZER_BUILD__ === 'string' ? __FIELDSIZER_BUILD__ : null);
