/**
 * The one error type of the engine and the sync. HTTP turns it into `{object:"error", status, code, message,
 * param}`; IPC carries the same body, so both transports report failures alike.
 */
import type { ApiErrorBody } from '../src-shared/api/common.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { object: 'error', status: this.status, code: this.code, message: this.message, param: this.param };
  }
}

export const notFound = (message: string, param: string | null = null) => new ApiError(404, 'not_found', message, param);
export const invalidParameter = (param: string, message: string) => new ApiError(400, 'invalid_parameter', message, param);
export const missingParameter = (param: string, message = `The parameter "${param}" is required.`) =>
  new ApiError(400, 'missing_parameter', message, param);
