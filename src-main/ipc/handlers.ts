/**
 * One handler per contract method, calling the engine: the per-domain maps joined. The map is
 * typed against the contract (handler.ts): a method without a handler, or a handler returning the
 * wrong type, fails the type check. Arguments arrive parsed by the contract's schemas
 * (dispatcher.ts); engine errors (ApiError) pass through unchanged, so the UI sees the same codes
 * and fields as HTTP clients.
 */
import { appHandlers } from './app-handlers.js';
import { catalogHandlers } from './catalog-handlers.js';
import { dataSafetyHandlers } from './data-safety-handlers.js';
import type { Handlers } from './handler.js';
import { mediaHandlers } from './media-handlers.js';
import { peopleHandlers } from './people-handlers.js';
import { projectHandlers } from './project-handlers.js';
import { reportHandlers } from './report-handlers.js';
import { syncHandlers } from './sync-handlers.js';

export const handlers: Handlers = {
  ...appHandlers,
  ...projectHandlers,
  ...peopleHandlers,
  ...catalogHandlers,
  ...mediaHandlers,
  ...syncHandlers,
  ...reportHandlers,
  ...dataSafetyHandlers,
};
