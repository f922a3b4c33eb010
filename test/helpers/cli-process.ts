/**
 * The command line as a user runs it: the compiled build (out/cli/cli.js, made by the tests'
 * global set-up as by `npm run serve`), in a process of its own. No TypeScript is compiled at its
 * start, so a loaded machine does not stretch it into tens of seconds.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const CLI = path.join(root, 'out', 'cli', 'cli.js');

/** node out/cli/cli.js ARGS: node itself, so signals sent to the child reach the command. */
export function spawnCli(args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end. */
export function runCli(args: string[], options: SpawnOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, options);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
