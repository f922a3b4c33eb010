/**
 * Handlers of the project methods: list, read, write, status steps and the sizing shown while
 * editing. Each answer carries what the screens may do next (transitions, editable, deletable).
 */
import { allowedTransitions, DELETABLE_STATUSES, EDITABLE_STATUSES, type Actor } from '../../src-shared/api/project-status.js';
import type { Project } from '../../src-shared/api/people.js';
import type { ProjectStatus } from '../../src-shared/api/vocabulary.js';
import type { ListedCandidate, PreviewFailedUnit, PreviewUnit, ProjectView, SizingPreview, SizingView } from '../../src-shared/ipc/contract.js';
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

/** Prices of the recommended unit and the alternatives, and the recommended rating in both unit systems. */
function shownFigures(sizing: ProjectSizing, catalog: SizingCatalog): Pick<SizingView, 'prices' | 'recommended_rating'> {
  const r = sizing.recommendation;
  const price = pricesOf(catalog);
  const prices: Record<string, number | null> = {};
  for (const e of r.chosen === null ? r.alternatives : [r.chosen, ...r.alternatives]) prices[String(e.id)] = price.get(String(e.id)) ?? null;
  const rating = r.rating;
  return {
    prices,
    recommended_rating: rating
      ? { label: rating.label, flow: measurementPair('flow', rating.flow_gpm), grease_weight: measurementPair('weight', rating.grease_lbs), grease_volume: measurementPair('volume', rating.grease_gal) }
      : null,
  };
}

function sizingView(sizing: ProjectSizing, catalog: SizingCatalog): SizingView {
  const { raw: _raw, ...rest } = sizing;
  // In the engine's order (nearest to the need first, src-shared/sizing/failed-order.ts), as HTTP answers.
  const failed = rest.recommendation.failed;
  return {
    sizing: { ...rest, recommendation: { ...rest.recommendation, alternatives: rest.recommendation.alternatives.map(listed), failed: failed.slice(0, FAILED_SHOWN).map(listed) } },
    failed_total: failed.length,
    ...shownFigures(sizing, catalog),
  };
}

const previewUnit = (e: CandidateEvaluation): PreviewUnit => ({ id: e.id, part_number: e.part_number, name: e.name, units: e.units, pump_out_days: e.pump_out_days });
const previewFailed = (e: CandidateEvaluation): PreviewFailedUnit => ({ id: e.id, part_number: e.part_number, name: e.name, units: e.units, failures: e.failures });

/**
 * The editor's live sizing: what its results panel and notes show (contract.ts SizingPreview),
 * built field by field from a 'view' sizing (whose listed units carry the words of their failures only).
 */
function sizingPreview(sizing: ProjectSizing, catalog: SizingCatalog): SizingPreview {
  const r = sizing.recommendation;
  const source = sizing.rules_source;
  return {
    sizing: {
      sizing_method: sizing.sizing_method,
      rules_source: { status: source.status, verified: source.verified, authority: source.authority, summary: source.summary },
      jurisdiction: sizing.jurisdiction,
      flow_rate: sizing.flow_rate,
      flow_rate_metric: sizing.flow_rate_metric,
      grease: sizing.grease,
      grease_metric: sizing.grease_metric,
      pump_out_cycle: sizing.pump_out_cycle,
      recommended_product: sizing.recommended_product,
      unique_local_requirements: sizing.unique_local_requirements,
      unique_local_requirements_reason: sizing.unique_local_requirements_reason,
      recommendation: {
        status: r.status,
        product: r.product,
        units: r.units,
        arrangement: r.arrangement,
        reasons: r.reasons,
        no_recommendation: r.no_recommendation,
        no_fit: r.no_fit,
        chosen: r.chosen === null ? null : previewUnit(r.chosen),
        alternatives: r.alternatives.map(previewUnit),
        // In the engine's order (nearest to the need first), as HTTP answers.
        failed: r.failed.slice(0, FAILED_SHOWN).map(previewFailed),
      },
      recommended_accessories: sizing.recommended_accessories,
      required_volume: sizing.required_volume,
      excluded_fixtures: sizing.excluded_fixtures,
      warnings: sizing.warnings,
      derivation: sizing.derivation,
    },
    failed_total: r.failed.length,
    ...shownFigures(sizing, catalog),
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
  'projects.preview': async ({ project_id, ...body }, { engine }) => sizingPreview(await engine.projects.preview(body, project_id, 'view'), await engine.sizing.candidates()),
  'projects.sizing': async ({ id }, { engine }) => sizingView(await engine.projects.sizingDetails(id), await engine.sizing.candidates()),
};
