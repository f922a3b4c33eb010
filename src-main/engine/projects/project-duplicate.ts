/**
 * A copy of a project as a new Draft: the same kitchen, installation and fixtures under a new
 * name, whatever the original's status (a closed project is a good start for a similar kitchen).
 * It goes through the create path, so the copy is validated and sized like any new project.
 */
import type { Project } from '../../../src-shared/api/people.js';
import { projectCreateBody } from '../../../src-shared/api/project-write.js';
import { ApiError } from '../errors.js';
import type { ProjectService } from './project-service.js';
import type { Viewer } from './render-project.js';

export async function duplicateProject(projects: ProjectService, id: number, viewer: Viewer): Promise<Project> {
  const original = await projects.get(id, { fixtures: true }, viewer);
  // The resource read back as a write body (docs/api.md: read-only fields are accepted and ignored).
  const { id: _id, url: _url, version: _version, status: _status, ...rest } = original;
  const parsed = projectCreateBody.safeParse({ ...rest, name: `${original.name} (copy)`.slice(0, 200) });
  if (!parsed.success) {
    // A project of the central service may hold what a write here refuses (more fixtures than the
    // limit, a value out of range): the copy would be a write, so it is refused, saying why.
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new ApiError(409, 'not_copyable', `Project ${id} cannot be copied: ${field ? `${field}: ` : ''}${issue.message}`, field || null);
  }
  return projects.create(parsed.data, viewer);
}
