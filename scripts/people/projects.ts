/**
 * Invented projects (kitchen interceptor sizings) for the users: real addresses from
 * geography.json, the jurisdiction owning the zip, kitchen inputs, a status history consistent
 * with spec §3, and administrator notes.
 */
import { CONSTRUCTION_TYPE_KEYS, type ConstructionTypeKey, type ProjectStatus } from '../../src-shared/api/vocabulary';
import type { z } from 'zod';
import type { SeedJurisdiction, seedProject } from '../../src-shared/seed/people-seed';
import { isGravityMethod } from '../../src-shared/sizing/jurisdiction-rules';
import { MENU_TYPES } from '../../src-shared/sizing/tables';
import { DATA_END, DAY_MS, day, minute } from './dates';
import type { Geography, Zip } from './geo';
import { type SeedInputs, isInstitutional, kitchenInputs, pickMenu } from './kitchens';
import { institutionName, PLACE_WORDS, restaurantName, secondLine, streetAddress } from './names';
import { WeightedSampler, type Rng } from './random';
import type { DraftUser } from './users';

const CONSTRUCTION_WEIGHTS: readonly (readonly [ConstructionTypeKey, number])[] = [
  ['newConstruction', 32],
  ['tenantFinish', 36],
  ['shell', 12],
  ['interceptorReplacement', 20],
];

const SUFFIXES: Record<ConstructionTypeKey, readonly string[]> = {
  newConstruction: ['new build', 'new location', 'ground-up construction', 'new restaurant', 'new freestanding building'],
  tenantFinish: ['kitchen remodel', 'tenant finish-out', 'kitchen buildout', 'renovation', 'tenant improvement', 'kitchen expansion'],
  shell: ['shell building', 'shell space', 'white box', 'shell – future tenant'],
  interceptorReplacement: ['interceptor replacement', 'grease trap replacement', 'undersized trap upgrade', 'interceptor retrofit'],
};

const CHAIN_MENUS = new Set(['fast-food-burger', 'quick-service-mexican', 'fried-chicken', 'coffee-shop', 'pizza', 'convenience-store']);

function projectName(rng: Rng, menu: string, construction: ConstructionTypeKey): string {
  if (construction === 'shell' && rng.chance(0.5)) {
    const label = (MENU_TYPES.find((m) => m.key === menu)?.label ?? 'restaurant').toLowerCase();
    return rng.chance(0.5)
      ? `${rng.pick(PLACE_WORDS)} ${rng.pick(['Plaza', 'Commons', 'Crossing', 'Marketplace', 'Town Center'])} pad ${rng.pick(['A', 'B', 'C', 'D', '2', '3'])} – shell, future ${label}`
      : `${rng.int(100, 9800)} ${rng.pick(['Main', 'Commerce', 'Market', 'Center', 'Park'])} retail shell – future ${label}`;
  }
  let base = isInstitutional(menu) ? institutionName(rng, menu) : restaurantName(rng, menu);
  if (CHAIN_MENUS.has(menu) && rng.chance(0.25)) base += ` #${rng.int(2, 48)}`;
  return `${base} – ${rng.pick(SUFFIXES[construction])}`;
}

function statusFor(rng: Rng, ageDays: number): ProjectStatus {
  if (ageDays < 45) {
    return rng.weighted<ProjectStatus>([
      ['Draft', 55],
      ['Submitted', 25],
      ['Pending', 15],
      ['Closed', 3],
      ['Closed/Approved', 2],
    ]);
  }
  if (ageDays < 180) {
    return rng.weighted<ProjectStatus>([
      ['Draft', 40],
      ['Submitted', 8],
      ['Pending', 17],
      ['Closed', 12],
      ['Closed/Approved', 23],
    ]);
  }
  return rng.weighted<ProjectStatus>([
    ['Draft', 30],
    ['Submitted', 6],
    ['Pending', 9],
    ['Closed', 22],
    ['Closed/Approved', 33],
  ]);
}

const ADMINS = ['Marguerite Osei', 'Tobias Lindqvist', 'Renata Okonkwo', 'Graham Pellegrino', 'Yuki Halvorsen', 'Colette Abara'];

/** Review notes; each applies only when its condition holds for the project's inputs. */
const NOTES_ANY: readonly (readonly [string, (i: SeedInputs) => boolean])[] = [
  ['Received the pre-approval request; forwarded to {j} for review.', () => true],
  [
    'Fixture schedule does not give the dish machine flow. Asked the engineer to confirm the GPM from the cut sheet.',
    (i) => i.fixtures.some((f) => f.kind === 'dishwasher' && f.gpm === undefined),
  ],
  ['Requested a plumbing riser diagram and the site plan showing the interceptor location.', () => true],
  ['Confirmed the burial depth with the contractor; extension risers will be needed to reach grade.', (i) => i.buried && i.burial_depth_in >= 24],
  ['Called the owner: opening date moved back about six weeks, no change to the kitchen.', () => true],
  ['Servings per day look low for the seat count. Asked the rep to check the estimate with the operator.', (i) => i.meals !== undefined],
  ['Pipe size on the drawings is {pipe} in; matches the entry.', () => true],
  ['Checked the menu type with the operator: fryer on site, so the grease figures stand.', (i) => i.fryer === true],
  ['Traffic-rated cover needed: the unit sits in the drive aisle.', (i) => i.installed_in_traffic_area === true],
  ['Left a voicemail for the engineer of record about the floor sink count.', (i) => i.fixtures.some((f) => f.kind === 'floor-sink')],
  ['{j} asked for a sampling port downstream of the interceptor.', () => true],
  ['Pump-out contract with a licensed hauler is required before the final inspection.', () => true],
  ['High groundwater on site: anchoring kit to be confirmed before approval.', (i) => i.installed_in_high_water_area === true],
  ['Interceptor location moved out of the food prep area per the health inspector.', (i) => i.installation_location === 'indoors'],
];
const NOTES_APPROVED = [
  'Approved by {j} as submitted.',
  'Approved by {j}; a sampling port is required on the outlet side.',
  'Approval letter received from {j} and attached to the file.',
  'Approved with a 90-day maximum pump-out interval.',
];
const NOTES_CLOSED = [
  'Closed at the customer’s request: the tenant did not sign the lease.',
  'Closed: duplicate of an earlier project for the same address.',
  'Closed: the owner went with an existing interceptor after inspection.',
  'Closed: no response from the engineer after three follow-ups.',
  'Closed: project put on hold indefinitely by the developer.',
];
const NOTES_PENDING = [
  'Under review by {j}; expected turnaround two to three weeks.',
  'Waiting on revised drawings that move the interceptor out of the food prep area.',
  'Plan reviewer asked for the grease production calculation; sent the sizing report.',
];

function noteTexts(rng: Rng, status: ProjectStatus, jurisdiction: string, inputs: SeedInputs): string[] {
  const count = rng.weighted<number>([
    [1, 6],
    [2, 3],
    [3, 1],
  ]);
  const pool = status === 'Closed/Approved' ? NOTES_APPROVED : status === 'Closed' ? NOTES_CLOSED : NOTES_PENDING;
  const fitting = NOTES_ANY.filter(([, applies]) => applies(inputs)).map(([text]) => text);
  const texts = rng.sample(fitting, count - 1);
  texts.push(rng.pick(pool));
  return texts.map((t) => t.replaceAll('{j}', jurisdiction).replaceAll('{pipe}', String(inputs.pipe_size_in)));
}

/** A project in the file's (schema input) form: schema defaults are left out. */
export type SeedProjectInput = z.input<typeof seedProject>;

const WET_STATES = new Set(['FL', 'LA', 'MS', 'SC', 'NC', 'TX', 'NJ', 'DE', 'MD', 'VA', 'HI']);
const DEFAULT_LOCATIONS = ['kitchen', 'otherLocation'] as const;

export interface ProjectBuild {
  projects: SeedProjectInput[];
  /** Latest user activity (created / submitted) per user id, to raise last_active. */
  lastActivity: Map<number, number>;
}

export function buildProjects(rng: Rng, geo: Geography, users: readonly DraftUser[], jurisdictions: readonly SeedJurisdiction[]): ProjectBuild {
  const byZip = new Map<string, SeedJurisdiction>();
  for (const j of jurisdictions) for (const z of j.zip_codes) byZip.set(z, j);
  // Per state: population-weighted sampler over zips some jurisdiction governs.
  const jurisdictionZips = new Map<string, WeightedSampler<Zip>>();
  const grouped = new Map<string, Zip[]>();
  for (const z of geo.zips) {
    if (!byZip.has(z.zip) || z.population <= 0) continue;
    const list = grouped.get(z.state) ?? [];
    list.push(z);
    grouped.set(z.state, list);
  }
  for (const [state, zips] of grouped) jurisdictionZips.set(state, new WeightedSampler(zips, (z) => z.population));

  const pickZip = (home: Zip): Zip => {
    const r = rng.next();
    const inJurisdiction = jurisdictionZips.get(home.state);
    if (r < 0.45 && inJurisdiction !== undefined) return inJurisdiction.pick(rng);
    if (r < 0.85) return geo.stateSampler(home.state)?.pick(rng) ?? geo.national.pick(rng);
    return geo.national.pick(rng);
  };

  const projects: SeedProjectInput[] = [];
  const lastActivity = new Map<number, number>();
  let noteId = 0;
  for (const user of users) {
    for (let k = 0; k < user.project_count; k++) {
      // Creation skews toward the end of the user's active span (more work as they get going).
      const span = Math.max(DAY_MS, user.last_active - user.registered);
      const created = minute(user.registered + span * Math.pow(rng.next(), 0.7));
      const age = (DATA_END - created) / DAY_MS;
      const status = statusFor(rng, age);
      const construction = rng.weighted(CONSTRUCTION_WEIGHTS);
      const menu = pickMenu(rng);
      const zip = pickZip(user.home);
      const jurisdiction = byZip.get(zip.zip) ?? null;

      // Status history (§3).
      const after = (from: number, minDays: number, maxDays: number): number =>
        minute(Math.min(DATA_END, from + (minDays + rng.next() * (maxDays - minDays)) * DAY_MS));
      let submitted: number | null = null;
      let approved: number | null = null;
      let updated: number;
      switch (status) {
        case 'Draft':
          updated = after(created, 0, 120);
          break;
        case 'Submitted':
          submitted = after(created, 0, 30);
          updated = after(submitted, 0, 2);
          break;
        case 'Pending':
          submitted = after(created, 0, 30);
          updated = after(submitted, 1, 20);
          break;
        case 'Closed':
          if (rng.chance(0.55)) submitted = after(created, 0, 30);
          updated = after(submitted ?? created, 1, 90);
          break;
        case 'Closed/Approved':
          submitted = after(created, 0, 30);
          approved = after(submitted, 1, 45);
          updated = after(approved, 0, 5);
          break;
      }

      // Unsubmitted projects often have no address yet (pre-approval not requested).
      const noAddress = submitted === null && rng.chance(0.45);
      const address = noAddress
        ? { street: null, street_2: null, city: null, state: null, postal_code: null }
        : {
            street: streetAddress(rng),
            street_2: rng.chance(0.25) ? secondLine(rng) : null,
            city: zip.city,
            state: zip.state,
            postal_code: zip.zip,
          };
      const jurisdictionId = noAddress ? (jurisdiction !== null && rng.chance(0.5) ? jurisdiction.id : null) : (jurisdiction?.id ?? null);
      const rules = jurisdictionId === null ? null : (jurisdiction?.rules ?? null);
      const methods = rules === null ? null : [rules.sizing_methods.indoor, rules.sizing_methods.outdoor];
      const inputs = kitchenInputs(rng, menu, {
        locations: jurisdictionId === null ? DEFAULT_LOCATIONS : (jurisdiction?.inside_trap_locations ?? DEFAULT_LOCATIONS),
        gravityOutdoors: rules !== null && isGravityMethod(rules.sizing_methods.outdoor),
        usesMeals: methods !== null && methods.includes('gravity-by-meals'),
        wet: WET_STATES.has(zip.state),
      });

      // Administrator notes on ~20 % of the projects an administrator has seen.
      const notes: SeedProjectInput['notes'] = [];
      if (submitted !== null && status !== 'Submitted' && rng.chance(0.2)) {
        const who = jurisdiction?.name ?? 'the local authority';
        const texts = noteTexts(rng, status, who, inputs);
        const times = texts.map(() => minute(submitted + rng.next() * Math.max(0, updated - submitted))).sort((a, b) => a - b);
        texts.forEach((text, i) => notes.push({ id: ++noteId, author: rng.pick(ADMINS), text, created: day(times[i] ?? submitted) }));
      }

      // The user's own actions: creating, editing a draft or closing it, submitting.
      const activity = status === 'Draft' || (status === 'Closed' && submitted === null) ? updated : Math.max(created, submitted ?? created);
      lastActivity.set(user.id, Math.max(lastActivity.get(user.id) ?? 0, activity));
      projects.push({
        id: projects.length + 1,
        user_id: user.id,
        name: projectName(rng, menu, construction),
        status,
        created: day(created),
        submitted: submitted === null ? null : day(submitted),
        approved: approved === null ? null : day(approved),
        updated: day(updated),
        construction_type: construction,
        address,
        jurisdiction_id: jurisdictionId,
        inputs,
        notes,
      });
    }
  }
  // Every construction type is used (the weights make this certain in practice; keep it explicit).
  for (const key of CONSTRUCTION_TYPE_KEYS) {
    if (!projects.some((p) => p.construction_type === key)) throw new Error(`no ${key} project`);
  }
  return { projects, lastActivity };
}
