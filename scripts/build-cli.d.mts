/** Types of scripts/build-cli.mjs, for the TypeScript that calls it (the tests' global set-up, the bench). */
export declare const root: string;
export declare const CLI_DIR: string;
export declare const CLI_ENTRY: string;
export declare const TEMPLATE_FILE: string;
interface BuildOptions {
  force?: boolean;
  log?: (line: string) => void;
}
export declare function ensureCli(options?: BuildOptions): Promise<string>;
export declare function ensureTemplate(options?: BuildOptions): Promise<string>;
/** esbuild's options for the main-process code under plain Node (entry points and outdir are the caller's). */
export declare function bundleOptions(code?: string): import('esbuild').BuildOptions;
/** The worker modules (src-main/worker-entries.json) as esbuild entry points. */
export declare function workerEntryPoints(): Record<string, string>;
