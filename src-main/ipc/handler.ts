/**
 * What every IPC handler file shares: the context a call runs in and the handler types, typed
 * against the contract (a method without a handler, or a handler returning the wrong type, fails
 * the type check). In a module of its own so the per-domain handler files and the map that joins
 * them (handlers.ts) all import it and none imports another.
 */
import type { MethodName, MethodResult, ParsedArgs } from '../../src-shared/ipc/contract.js';
import type { dataSafetyMethods } from '../../src-shared/ipc/data-safety.js';
import type { Engine } from '../engine/engine.js';
import type { Viewer } from '../engine/projects/render-project.js';

export interface HandlerContext {
  engine: Engine;
  transport: 'ipc' | 'http';
  apiUrl: string | null;
  apiMoved?: 'taken' | 'not-allowed' | null;
  /** Supplied by the Electron shell (printToPDF); absent in the browser. */
  exportPdf?: (projectId: number, units: 'standard' | 'metric', price?: boolean) => Promise<{ path: string }>;
  /** The desktop app's save dialog for exported projects: the path written, null if cancelled. */
  saveExport?: (fileName: string, content: string) => Promise<string | null>;
  /** The host's log file (renderer errors are written there). */
  log?: (level: 'info' | 'warn' | 'error', source: string, message: string) => void;
  /** The desktop's system viewer for a file (Electron's shell.openPath: '' or why it failed); absent in the browser. */
  openPath?: (file: string) => Promise<string>;
}

export type Handler<M extends MethodName> = (args: ParsedArgs<M>, context: HandlerContext) => Promise<MethodResult<M>>;
export type Handlers = { [M in MethodName]: Handler<M> };
export type HandlerMap<M extends MethodName> = { [K in M]: Handler<K> };

/** The data-safety methods (src-shared/ipc/data-safety.ts), whatever their prefix. */
export type DataSafetyMethod = keyof typeof dataSafetyMethods & MethodName;

/** The handlers of every contract method named `<prefix>.…`, the data-safety ones apart. */
export type DomainHandlers<P extends string> = HandlerMap<Exclude<Extract<MethodName, `${P}.${string}`>, DataSafetyMethod>>;

/** The UI is the owner of the data: it sees personal data and may take every step of a review. */
export const VIEWER: Viewer = { personal: true };
