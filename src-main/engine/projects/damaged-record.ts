/** The one error a project's unreadable stored data gives, wherever it is read (rendering, sizing inputs). */
import { ApiError } from '../errors.js';

/**
 * A project whose stored data cannot be read (a damaged JSON column): the store's fault, not the
 * request's, so a 5xx (as gRPC's DATA_LOSS maps to 500), with a code of its own and what to do.
 */
export function damagedProject(row: { id: number; name: string }, what: string): ApiError {
  return new ApiError(
    500,
    'damaged_record',
    `Project ${row.id} ("${row.name}") cannot be read: its stored ${what} are damaged. Delete it, or restore a backup from before the damage; the other projects are not affected.`,
  );
}
