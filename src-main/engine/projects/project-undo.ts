/**
 * Undo of a deleted draft: the delete keeps the project's full content (its row with id, version,
 * status dates and sync columns, its fixtures and notes) for UNDO_WINDOW_MS, and a restore puts
 * it back as it was, so Undo brings back the same project, not a copy under a new id.
 *
 * The sync: a delete of a project of the central service queues a tombstone (sync-state.ts); a
 * restore removes it again, so an undone delete is never sent. Once the sync has sent the delete
 * (the tombstone is gone, the project deleted upstream), the delete can no longer be undone.
 */
import type { Transaction } from 'kysely';
import type { Database, ProjectFixturesTable, ProjectNotesTable, ProjectsTable } from '../../store/schema.js';
import { insertRows } from '../../store/insert-rows.js';
import { readFixtures, readProject, restoreProjectRows } from '../../store/projects.js';
import { isTombstoned, removeTombstone } from '../../sync/sync-state.js';
import { ApiError, notFound } from '../errors.js';

/** How long a deleted draft can be brought back: the Undo of the app is offered right after. */
export const UNDO_WINDOW_MS = 60 * 60 * 1000;

type Row<T> = { [K in keyof T]: unknown };

interface KeptContent {
  project: Row<ProjectsTable>;
  fixtures: Row<ProjectFixturesTable>[];
  notes: Row<ProjectNotesTable>[];
  /** The delete was queued for the central service (a tombstone was written). */
  tombstone: boolean;
}

/** Keeps a project's content before its delete (call inside the delete's transaction, before deleting). */
export async function keepDeleted(trx: Transaction<Database>, id: number, tombstone: boolean, now = new Date()): Promise<void> {
  const project = await readProject(trx, id);
  if (!project) throw new Error(`keepDeleted: no project ${id}`);
  const fixtures = await readFixtures(trx, id);
  const notes = await trx.selectFrom('project_notes').selectAll().where('project_id', '=', id).orderBy('id').execute();
  const content: KeptContent = { project, fixtures, notes, tombstone };
  // Copies past the window are dropped here, so the table holds only what can still be undone.
  await trx.deleteFrom('deleted_projects').where('deleted_at', '<', new Date(now.getTime() - UNDO_WINDOW_MS).toISOString()).execute();
  const row = { project_id: id, deleted_at: now.toISOString(), content: JSON.stringify(content) };
  await trx
    .insertInto('deleted_projects')
    .values(row)
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ deleted_at: row.deleted_at, content: row.content }))
    .execute();
}

/** Puts a deleted draft back as it was (call inside a transaction). */
export async function restoreDeleted(trx: Transaction<Database>, id: number, now = new Date()): Promise<void> {
  const kept = await trx.selectFrom('deleted_projects').selectAll().where('project_id', '=', id).executeTakeFirst();
  if (!kept || Date.parse(kept.deleted_at) < now.getTime() - UNDO_WINDOW_MS) {
    throw notFound(`No deleted project ${id} can be brought back: a delete can be undone for an hour.`, 'id');
  }
  const content = JSON.parse(kept.content) as KeptContent;
  if (content.tombstone && !(await isTombstoned(trx, id))) {
    await trx.deleteFrom('deleted_projects').where('project_id', '=', id).execute();
    throw new ApiError(409, 'delete_sent', `Project ${id} can no longer be brought back: the sync has already deleted it on the central service.`, 'id');
  }
  const taken = await readProject(trx, id);
  if (taken) throw new ApiError(409, 'id_taken', `Project ${id} exists again (the sync brought it back); there is nothing to undo.`, 'id');
  const user = await trx.selectFrom('users').select('id').where('id', '=', Number(content.project.user_id)).executeTakeFirst();
  if (!user) throw new ApiError(409, 'engineer_gone', `Project ${id} can no longer be brought back: its engineer is no longer in the user list.`, 'id');
  const project = { ...content.project } as Record<string, unknown>;
  // A jurisdiction the sync removed since: the project goes back without one, as a delete of it would leave it.
  if (project.jurisdiction_id !== null && !(await trx.selectFrom('jurisdictions').select('id').where('id', '=', Number(project.jurisdiction_id)).executeTakeFirst())) {
    project.jurisdiction_id = null;
  }
  await restoreProjectRows(trx, project as never, content.fixtures as never[]);
  await insertRows(trx, 'project_notes', content.notes as never[]);
  // The delete was undone: it must not reach the central service.
  if (content.tombstone) await removeTombstone(trx, id);
  await trx.deleteFrom('deleted_projects').where('project_id', '=', id).execute();
}
