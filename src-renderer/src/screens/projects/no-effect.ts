/**
 * Why an input of the editor changes nothing for this kitchen, in a sentence shown next to it
 * (issue 14: "inputs that change nothing for this menu say why"). Each reason names the rule of
 * docs/sizing.md it follows; null where the input counts. Read from the form, the vocabulary and
 * the engine's last sizing (its method, excluded fixtures and calculation steps): no sizing rule
 * is computed here, only read.
 */
import type { SizingPreview, Vocabulary } from '../../../../src-shared/ipc/contract';
import { greasePerMealLbs } from '../../../../src-shared/sizing/grease';
import type { MenuTier } from '../../../../src-shared/sizing/tables';
import type { FixtureForm, ProjectForm } from '../../stores/project-form';
import { count } from '../../../../src-shared/plural';

export interface NoEffect {
  construction_type: string | null;
  /** Under the Site legend: which address field counts. */
  site: string | null;
  /** Under the Kitchen inputs: what the grease inputs need before they count. */
  kitchen: string | null;
  pump_out_target: string | null;
  fryer: string | null;
  flatware: string | null;
  disposer: string | null;
  inside_trap_location: string | null;
  size_by_pipe_only: string | null;
  /** Per fixture (by form key): its DFU, and its sizes when a flow is entered. */
  fixtures: Record<string, { dfu: string | null; dimensions: string | null }>;
}

const GREASE_RULE = 'grease = servings × grease per meal × days (Schier, “Grease Production Sizing”)';
const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const isGravity = (method: string | undefined) => method !== undefined && method !== 'hydromechanical-by-flow';
/** DFU count for gravity sizing by the UPC volume table or a local formula; sizing by flow reads flows. */
const countsDfu = (method: string | undefined) => method === 'gravity-by-dfu' || method === 'gravity-by-formula';

export function noEffect(form: ProjectForm, vocabulary: Vocabulary, view: SizingPreview | null): NoEffect {
  const sizing = view?.sizing;
  const method = sizing?.sizing_method;
  const tier = vocabulary.menu_tiers.find((t) => t.menu_types.some((m) => m.key === form.menu_type));
  const t = tier?.tier as MenuTier | undefined;
  const servings = Number(form.servings_per_day.trim());
  const noServings = form.servings_per_day.trim() !== '' && servings === 0;
  // Said once for the four grease inputs, not under each.
  const noGrease = noServings ? `Menu type, fryer, flatware and the pump-out target change nothing while servings per day is 0: ${GREASE_RULE}.` : null;
  const fryerSame = t !== undefined && same(greasePerMealLbs(t, true, form.flatware), greasePerMealLbs(t, false, form.flatware));
  const flatwareSame = t !== undefined && same(greasePerMealLbs(t, form.fryer, true), greasePerMealLbs(t, form.fryer, false));
  const menu = tier?.label.toLowerCase() ?? 'this';
  const excluded = sizing?.excluded_fixtures.find((f) => !f.included && /disposer/i.test(`${f.kind} ${f.name}`));

  // The pump-out target the sizing held: the requested one within the jurisdiction's bounds.
  const target = sizing?.derivation.find((s) => s.key === 'pump-out.target');
  const requested = Number(form.pump_out_target.trim());
  const held = typeof target?.result.value === 'number' ? target.result.value : null;
  const bounds = target?.inputs.filter((i) => i.name !== 'requested').map((i) => i.value);
  const clamped =
    held !== null && Number.isFinite(requested) && form.pump_out_target.trim() !== '' && held !== requested && bounds
      ? `The rules of ${sizing!.jurisdiction.name} allow ${bounds.join('–')} days between pump-outs: sized for ${count(held, 'day')}.`
      : null;

  const anyFixture = form.fixtures.length > 0;
  let pipeOnly: string | null = null;
  if (form.size_by_pipe_only) {
    if (anyFixture) pipeOnly = 'Changes nothing while fixtures are entered: their flow sizes the interceptor, capped by the pipe’s size (UPC Table 1014.2.1).';
    else if (isGravity(method)) pipeOnly = `Changes nothing for a gravity interceptor (${method!.replace(/-/g, ' ')}): with no fixtures it is sized from the pipe by the code’s own method (UPC 1014.3.6).`;
  }

  const fixtures: NoEffect['fixtures'] = {};
  for (const f of form.fixtures) fixtures[f.key] = fixtureNoEffect(f, method);

  return {
    construction_type: 'For the record only: the sizing does not depend on the kind of job.',
    site: 'Only the zip code changes the sizing: it picks the jurisdiction whose rules apply.',
    kitchen: noGrease,
    pump_out_target: noGrease ? null : clamped,
    fryer: !noGrease && fryerSame ? `Changes nothing for a ${menu} menu: the grease table gives the same grease per meal with or without a fryer (Schier, “Grease Production Sizing”).` : null,
    flatware: !noGrease && flatwareSame ? `Changes nothing for a ${menu} menu: the grease table gives the same grease per meal either way (Schier, “Grease Production Sizing”).` : null,
    disposer: form.food_waste_disposer && excluded?.reason ? `Changes nothing here: ${excluded.reason}` : null,
    inside_trap_location: 'Does not change the sizing; some jurisdictions allow indoor units only in certain places, checked when you save.',
    size_by_pipe_only: pipeOnly,
    fixtures,
  };
}

function fixtureNoEffect(f: FixtureForm, method: string | undefined): { dfu: string | null; dimensions: string | null } {
  const dfu =
    f.type === 'custom' && method !== undefined && !countsDfu(method)
      ? 'Changes nothing when sizing by flow: DFU count only for a gravity interceptor sized by UPC Table 1014.3.6.'
      : null;
  const dimensions =
    !f.uses_typical_dimensions && f.gpm.trim() !== '' ? 'Change nothing while a flow is entered: an entered flow is used as it is (PDI-G101 fixture flow).' : null;
  return { dfu, dimensions };
}
