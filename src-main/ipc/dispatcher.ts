/**
 * Runs one contract call from either transport (Electron IPC, HTTP /bridge): checks the method
 * name and the arguments against the contract's schemas, runs the handler, and answers with an
 * envelope. Engine errors keep their status, code and field; bad arguments are a 400
 * `invalid_argument` naming the field; anything unexpected is a 500 with a plain message (logged).
 */
import type { z } from 'zod';
import type { ApiErrorBody } from '../../src-shared/api/common.js';
import { isMethodName, methods, type Envelope, type MethodName } from '../../src-shared/ipc/contract.js';
import type { Engine } from '../engine/engine.js';
import { ApiError } from '../engine/errors.js';
import type { Handler, HandlerContext } from './handler.js';
import { handlers } from './handlers.js';

export interface DispatcherContext {
  transport: 'ipc' | 'http';
  /** The local service API's address while it runs, else null. */
  apiUrl: string | null;
  /** Why the desktop app's API is not on its configured port this session (the rep agreed to move it). */
  apiMoved?: 'taken' | 'not-allowed' | null;
  /** The desktop shell's export of the engine's report PDF (a save dialog); without it report.exportPdf is a 501. */
  exportPdf?: (projectId: number, units: 'standard' | 'metric', price?: boolean) => Promise<{ path: string }>;
  /** The desktop app's save dialog for exported projects (absent: the content goes back to the UI). */
  saveExport?: (fileName: string, content: string) => Promise<string | null>;
  /** The desktop's system viewer for a kept document (Electron's shell.openPath); absent in the browser. */
  openPath?: (file: string) => Promise<string>;
  /** The host's log file. */
  log?: (level: 'info' | 'warn' | 'error', source: string, message: string) => void;
}

export type Dispatch = (method: string, args: unknown) => Promise<Envelope<unknown>>;

const failure = (status: number, code: string, message: string, param: string | null = null): Envelope<never> => ({
  ok: false,
  error: { object: 'error', status, code, message, param },
});

/** zod's own wording ("Invalid input: expected string") does not say which field; ours does. */
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Expected|Unrecognized)/;

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** The first problem of a failed parse, as the error body a form shows next to its field. */
export function argumentError(error: z.ZodError): ApiErrorBody {
  const issue = error.issues[0];
  if (!issue) return { object: 'error', status: 400, code: 'invalid_argument', message: 'Invalid arguments.', param: null };
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
    const key = [...issue.path.map(String), issue.keys[0]!].join('.');
    return { object: 'error', status: 400, code: 'invalid_argument', message: `Unknown field "${key}".`, param: key };
  }
  const param = issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = `${param ?? 'A value'} is required.`;
  else if (issue.code === 'invalid_type' && GENERIC_MESSAGE.test(message) && param) message = `${param} must be ${article(issue.expected)} ${issue.expected}.`;
  else if (GENERIC_MESSAGE.test(message) && param) message = `${param}: ${message}`;
  return { object: 'error', status: 400, code: 'invalid_argument', message, param };
}

export function createDispatcher(engine: Engine, context: DispatcherContext): Dispatch {
  const handlerContext: HandlerContext = { engine, ...context };
  return async (method, args) => {
    if (typeof method !== 'string' || !isMethodName(method)) {
      return failure(404, 'unknown_method', `There is no method "${String(method)}".`, 'method');
    }
    const parsed = methods[method].safeParse(args ?? {});
    if (!parsed.success) return { ok: false, error: argumentError(parsed.error) };
    try {
      // The map is typed per method; here the method is only known at run time.
      const handler = handlers[method] as Handler<MethodName>;
      const value = await handler(parsed.data as never, handlerContext);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.toBody() };
      console.error(`fieldsizer: ${method} failed unexpectedly:`, error);
      context.log?.('error', 'main', `${method} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return failure(500, 'internal_error', `Something went wrong while running ${method}; the details are in the log.`);
    }
  };
}
