/**
 * Handlers of the project methods: list, read, write, status steps and the sizing shown while
 * editing. Each answer carries what the screens may do next (transitions, editable, deletable).
 */
import { allowedTransitions, DELETABLE_STATUSES, EDITABLE_STATUSES, type Actor } from '../../src-shared/api/project-status.js';
import type { Project } from '../../src-shared/api/people.js';
import type { ProjectStatus } from '../../src-shared/api/vocabulary.js';
import type { ListedCandidate, ProjectView, SizingView } from '../../src-shared/ipc/contract.js';
import { measurementPair, type CandidateEvaluation, type ProjectSizing } from '../../src-shared/sizing/index.js';
import type { Engine } from '../engine/engine.js';
import type { SizingCatalog } from '../engine/sizing/catalog-candidates.js';
import { browseProjects } from '../engine/projects/project-browse.js';
import { duplicateProject } from '../engine/projects/project-duplicate.js';
import { VIEWER, type DomainHandlers } from './handler.js';

const ACTORS: readonly Actor[] = ['user', 'administrator'];
/** Failed candidates sent to the screen; the rest are counted. */
const FAILED_SHOWN = 40;

function projectView(project: Project): ProjectView {
  const status = project.status as ProjectStatus;
  return {
    project,
    transitions: allowedTransitions(status, ACTORS),
    editable: EDITABLE_STATUSES.includes(status),
    deletable: DELETABLE_STATUSES.includes(status),
  };
}

const fullProject = (engine: Engine, id: number) => engine.projects.get(id, { fixtures: true, notes: true, accessories: true }, VIEWER);

/** List prices by product id, made once per catalog read (SizingContext keeps one per data version), not per preview. */
const pricesByCatalog = new WeakMap<SizingCatalog, Map<string, number | null>>();
function pricesOf(catalog: SizingCatalog): Map<string, number | null> {
  let prices = pricesByCatalog.get(catalog);
  if (!prices) pricesByCatalog.set(catalog, (prices = new Map(catalog.candidates.map((c) => [String(c.id), c.price ?? null] as const))));
  return prices;
}

/** The screen lists an alternative's or a failed unit's failures, not every check it passed. */
const listed = ({ checks: _checks, ...candidate }: CandidateEvaluation): ListedCandidate => candidate;

function sizingView(sizing: ProjectSizing, catalog: SizingCatalog): SizingView {
  const { raw: _raw, ...rest } = sizing;
  // In the engine's order (nearest to the need first, src-shared/sizing/failed-order.ts), as HTTP answers.
  const failed = rest.recommendation.failed;
  const rating = rest.recommendation.rating;
  const shown = [rest.recommendation.chosen, ...rest.recommendation.alternatives].filter((e) => e !== null);
  const price = pricesOf(catalog);
  return {
    sizing: { ...rest, recommendation: { ...rest.recommendation, alternatives: rest.recommendation.alternatives.map(listed), failed: failed.slice(0, FAILED_SHOWN).map(listed) } },
    failed_total: failed.length,
    prices: Object.fromEntries(shown.map((e) => [String(e.id), price.get(String(e.id)) ?? null])),
    recommended_rating: rating
      ? { label: rating.label, flow: measurementPair('flow', rating.flow_gpm), grease_weight: measurementPair('weight', rating.grease_lbs), grease_volume: measurementPair('volume', rating.grease_gal) }
      : null,
  };
}

export const projectHandlers: DomainHandlers<'projects'> = {
  'projects.list': async ({ limit, offset, ...filters }, { engine }) => browseProjects(engine.store.db, engine.projects, filters, { limit, offset }, VIEWER),
  'projects.get': async ({ id }, { engine }) => projectView(await fullProject(engine, id)),
  'projects.create': async (body, { engine }) => projectView(await engine.projects.create(body, VIEWER)),
  'projects.update': async ({ id, ...body }, { engine }) => projectView(await engine.projects.update(id, body, VIEWER)),
  'projects.delete': async ({ id, version }, { engine }) => {
    await engine.projects.delete(id, version);
    return { id };
  },
  'projects.restore': async ({ id }, { engine }) => {
    await engine.projects.restore(id, VIEWER);
    return projectView(await fullProject(engine, id));
  },
  'projects.changeStatus': async ({ id, status, version }, { engine }) => {
    await engine.projects.changeStatus(id, status, ACTORS, version, VIEWER);
    return projectView(await fullProject(engine, id));
  },
  'projects.duplicate': async ({ id }, { engine }) => {
    const copy = await duplicateProject(engine.projects, id, VIEWER);
    return projectView(await fullProject(engine, copy.id));
  },
  'projects.preview': async ({ project_id, ...body }, { engine }) => sizingView(await engine.projects.preview(body, project_id), await engine.sizing.candidates()),
  'projects.sizing': async ({ id }, { engine }) => sizingView(await engine.projects.sizingDetails(id), await engine.sizing.candidates()),
};
