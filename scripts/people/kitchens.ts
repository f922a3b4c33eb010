/**
 * Realistic kitchen inputs per menu type: servings, fryer / flatware / disposer, fixtures,
 * pipe size, and the meals-method figures (seats, hours).
 */
import type { z } from 'zod';
import type { seedProjectInputs } from '../../src-shared/seed/people-seed';
import type { FixtureInput } from '../../src-shared/sizing/fixtures';
import type { MealsInputs } from '../../src-shared/sizing/gravity-volume';
import { MENU_TYPES, PIPE_SIZE_TABLE } from '../../src-shared/sizing/tables';
import type { Rng } from './random';

/** Project inputs in the file's (schema input) form. */
export type SeedInputs = z.input<typeof seedProjectInputs>;

interface MenuProfile {
  /** How common the kind of place is among projects. */
  weight: number;
  servings: [number, number];
  fryer: number;
  flatware: number;
  disposer: number;
  fastFood: boolean;
  singleService: boolean;
  /** Seat turns per day (servings ÷ seats). */
  turns: [number, number];
  hours: readonly (readonly [number, number])[];
}

const DAYTIME: MenuProfile['hours'] = [
  [8, 4],
  [10, 3],
  [12, 2],
];
const EVENING: MenuProfile['hours'] = [
  [10, 2],
  [12, 4],
  [14, 2],
  [16, 1],
];
const LONG: MenuProfile['hours'] = [
  [14, 3],
  [16, 3],
  [18, 1],
  [24, 1],
];

const p = (
  weight: number,
  servings: [number, number],
  fryer: number,
  flatware: number,
  disposer: number,
  opts: { fastFood?: boolean; singleService?: boolean; turns?: [number, number]; hours?: MenuProfile['hours'] } = {},
): MenuProfile => ({
  weight,
  servings,
  fryer,
  flatware,
  disposer,
  fastFood: opts.fastFood ?? false,
  singleService: opts.singleService ?? false,
  turns: opts.turns ?? [1.5, 3],
  hours: opts.hours ?? EVENING,
});

export const MENU_PROFILES: Record<string, MenuProfile> = {
  'coffee-shop': p(6, [150, 700], 0.03, 0.35, 0.05, { singleService: true, turns: [4, 8], hours: DAYTIME }),
  bakery: p(3, [100, 500], 0.15, 0.3, 0.1, { singleService: true, turns: [4, 8], hours: DAYTIME }),
  'bagel-shop': p(1.5, [150, 600], 0.03, 0.2, 0.05, { singleService: true, turns: [4, 8], hours: DAYTIME }),
  'deli-sandwich': p(4, [100, 500], 0.2, 0.3, 0.1, { singleService: true, turns: [3, 6], hours: DAYTIME }),
  'ice-cream': p(1.5, [100, 500], 0.02, 0.1, 0.02, { singleService: true, turns: [4, 8], hours: EVENING }),
  'juice-bar': p(1, [80, 400], 0, 0.05, 0.05, { singleService: true, turns: [4, 8], hours: DAYTIME }),
  'convenience-store': p(3, [100, 800], 0.5, 0.02, 0.05, { fastFood: true, singleService: true, turns: [6, 12], hours: LONG }),
  pizza: p(8, [100, 600], 0.45, 0.4, 0.2, { turns: [2, 4] }),
  'cafe-bistro': p(3, [80, 350], 0.3, 0.95, 0.3),
  'sushi-japanese': p(3, [80, 400], 0.5, 0.9, 0.2),
  thai: p(2.5, [80, 350], 0.6, 0.85, 0.25),
  indian: p(2.5, [80, 400], 0.5, 0.85, 0.3),
  mediterranean: p(3, [80, 450], 0.55, 0.6, 0.25, { turns: [2, 4] }),
  italian: p(4, [120, 500], 0.4, 0.95, 0.45),
  seafood: p(2.5, [120, 500], 0.8, 0.9, 0.4),
  'school-cafeteria': p(3, [300, 1800], 0.2, 0.6, 0.6, { turns: [2, 3], hours: DAYTIME }),
  'hospital-cafeteria': p(2, [500, 2500], 0.3, 0.7, 0.7, { turns: [3, 5], hours: LONG }),
  'fast-food-burger': p(7, [400, 1500], 0.98, 0.02, 0.05, { fastFood: true, singleService: true, turns: [4, 8], hours: LONG }),
  'quick-service-mexican': p(6, [300, 1000], 0.7, 0.05, 0.1, { fastFood: true, singleService: true, turns: [4, 7], hours: EVENING }),
  'family-diner': p(5, [150, 600], 0.9, 0.95, 0.4, { turns: [2, 4], hours: LONG }),
  'breakfast-house': p(3, [150, 600], 0.5, 0.95, 0.3, { turns: [2, 4], hours: DAYTIME }),
  'bar-and-grill': p(6, [120, 500], 0.95, 0.9, 0.3, { hours: LONG }),
  barbecue: p(3, [150, 600], 0.6, 0.4, 0.2, { turns: [2, 4] }),
  'casual-dining': p(7, [250, 900], 0.95, 0.95, 0.5, { turns: [2, 3.5] }),
  'hotel-banquet': p(2, [300, 2500], 0.7, 0.95, 0.7, { turns: [1.5, 3], hours: LONG }),
  buffet: p(1.5, [300, 1200], 0.9, 0.95, 0.6, { turns: [2, 3] }),
  chinese: p(6, [120, 500], 0.9, 0.5, 0.3, { turns: [2, 4] }),
  'fried-chicken': p(3, [300, 1000], 1, 0.05, 0.05, { fastFood: true, singleService: true, turns: [4, 7], hours: EVENING }),
  'fish-and-chips': p(0.8, [100, 400], 1, 0.3, 0.1, { fastFood: true, turns: [3, 5] }),
  'full-service-mexican': p(5, [150, 600], 0.85, 0.95, 0.4),
  steakhouse: p(2, [150, 500], 0.7, 1, 0.5, { turns: [1.5, 2.5] }),
};

const INSTITUTIONAL = new Set(['school-cafeteria', 'hospital-cafeteria', 'hotel-banquet', 'buffet']);
const LOW_TIER = new Set(MENU_TYPES.filter((m) => m.tier === 'low').map((m) => m.key));
const FULL_SERVICE = new Set(['cafe-bistro', 'italian', 'seafood', 'family-diner', 'breakfast-house', 'bar-and-grill', 'casual-dining', 'full-service-mexican', 'steakhouse', 'sushi-japanese', 'thai', 'indian', 'chinese']);
const PIPE_SIZES = new Set(PIPE_SIZE_TABLE.map((r) => r.pipe_in));

export function pickMenu(rng: Rng): string {
  return rng.weighted(MENU_TYPES.map((m) => [m.key, MENU_PROFILES[m.key]?.weight ?? 1] as const));
}

export const isInstitutional = (menu: string): boolean => INSTITUTIONAL.has(menu);

/** Servings per day: log-uniform in the menu's range, rounded as people enter them. */
function servings(rng: Rng, [lo, hi]: [number, number]): number {
  const v = Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
  const step = v >= 1000 ? 50 : v >= 300 ? 25 : 10;
  return Math.min(2500, Math.max(50, Math.round(v / step) * step));
}

const CUSTOM_FIXTURES = ['Ice machine drain', 'Steam table', 'Combi oven drain', 'Bar sink', 'Soup well', 'Glass washer', 'Beverage station drain', 'Rice washer', 'Tilt skillet'];
const SINK_SIZES: readonly [number, number, number][] = [
  [16, 20, 12],
  [18, 24, 12],
  [20, 20, 14],
  [24, 24, 14],
  [20, 28, 12],
  [15, 15, 12],
  [18, 18, 14],
];

/**
 * A fixture as written to the file: `uses_typical_dimensions` is left out when true (the schema's
 * default) and written only as `false`, next to the entered dimensions; this keeps the file small.
 */
type Fixture = FixtureInput;

function sink(rng: Rng, kind: 'three-compartment-sink' | 'two-compartment-sink' | 'one-compartment-sink' | 'prep-sink', name?: string): Fixture {
  const f: Fixture = { kind};
  if (name !== undefined) f.name = name;
  if (rng.chance(0.14)) {
    const [l, w, d] = rng.pick(SINK_SIZES);
    f.uses_typical_dimensions = false;
    f.length = l;
    f.width = w;
    f.depth = d;
  }
  return f;
}

function fixedFlow(rng: Rng, kind: Fixture['kind'], entered: readonly number[], enterShare: number, name?: string): Fixture {
  const f: Fixture = { kind};
  if (name !== undefined) f.name = name;
  if (rng.chance(enterShare)) f.gpm = rng.pick(entered);
  return f;
}

/** 2–10 fixtures, the most important first (the list is cut at 10). */
function fixtures(rng: Rng, menu: string, size: number, flags: { flatware: boolean; disposer: boolean }): Fixture[] {
  const large = size >= 800 || INSTITUTIONAL.has(menu);
  const out: Fixture[] = [];
  // Main ware-washing sink.
  const mainSink = LOW_TIER.has(menu)
    ? rng.weighted<'three-compartment-sink' | 'two-compartment-sink' | 'one-compartment-sink'>([
        ['three-compartment-sink', 6],
        ['two-compartment-sink', 3],
        ['one-compartment-sink', 1],
      ])
    : rng.chance(0.93)
      ? 'three-compartment-sink'
      : 'two-compartment-sink';
  if (!rng.chance(0.04)) out.push(sink(rng, mainSink));
  if (flags.flatware ? rng.chance(0.85) : rng.chance(0.15)) {
    out.push(fixedFlow(rng, 'dishwasher', [5, 6, 7.5, 9, 12, 15], 0.5));
    if (rng.chance(0.7)) out.push(fixedFlow(rng, 'pre-rinse-sprayer', [], 0));
  }
  if (flags.disposer && rng.chance(0.9)) out.push(fixedFlow(rng, 'food-waste-disposer', [3, 5, 6, 8], 0.5));
  if (rng.chance(FULL_SERVICE.has(menu) || large ? 0.8 : 0.45)) out.push(sink(rng, 'prep-sink'));
  if (menu === 'chinese' ? rng.chance(0.9) : menu === 'thai' ? rng.chance(0.5) : menu === 'sushi-japanese' || menu === 'indian' ? rng.chance(0.15) : false) {
    out.push(fixedFlow(rng, 'wok-station', [1.5, 2, 3], 0.3));
  }
  if (INSTITUTIONAL.has(menu) && rng.chance(0.5)) out.push({ kind: 'kettle'});
  if ((menu === 'bar-and-grill' || menu === 'steakhouse' || menu === 'casual-dining') && rng.chance(0.3)) {
    out.push(sink(rng, 'one-compartment-sink', 'Bar sink'));
  }
  const handSinks = large ? rng.int(2, 3) : rng.int(1, 2);
  for (let i = 0; i < handSinks; i++) out.push({ kind: 'hand-sink'});
  if (rng.chance(0.65)) out.push({ kind: 'mop-sink'});
  if (rng.chance(0.06)) {
    const name = rng.pick(CUSTOM_FIXTURES);
    if (rng.chance(0.6)) out.push({ kind: 'custom', name, gpm: rng.pick([1, 1.5, 2, 3, 4.5, 6]), dfu: rng.pick([1, 2, 3]) });
    else {
      const [l, w, d] = rng.pick(SINK_SIZES);
      out.push({ kind: 'custom', name, uses_typical_dimensions: false, length: l, width: w, depth: d, compartments: 1 });
    }
  }
  const floorDrains = rng.weighted<number>([
    [0, 5],
    [1, 3],
    [2, 2],
    [3, 0.5],
  ]);
  for (let i = 0; i < floorDrains; i++) out.push({ kind: 'floor-drain'});
  const floorSinks = rng.weighted<number>([
    [0, 7],
    [1, 2],
    [2, 0.5],
  ]);
  for (let i = 0; i < floorSinks; i++) out.push({ kind: 'floor-sink'});
  if (out.length < 2) out.push({ kind: 'hand-sink'});
  if (out.length < 2) out.push({ kind: 'floor-drain'});
  return out.slice(0, 10);
}

function pipeSize(rng: Rng, menu: string, size: number): number {
  const d = INSTITUTIONAL.has(menu) || size >= 1000
    ? rng.weighted<number>([
        [4, 65],
        [6, 30],
        [5, 5],
      ])
    : LOW_TIER.has(menu)
      ? rng.weighted<number>([
          [2, 15],
          [3, 25],
          [4, 60],
        ])
      : rng.weighted<number>([
          [4, 85],
          [3, 9],
          [6, 4],
          [2, 2],
        ]);
  if (!PIPE_SIZES.has(d)) throw new Error(`pipe size ${d} is not in the pipe table`);
  return d;
}

export interface Placement {
  /** Allowed indoor locations (the jurisdiction's, or the defaults). */
  locations: readonly SeedInputs['inside_trap_location'][];
  /** The jurisdiction sizes outdoor interceptors by a gravity method. */
  gravityOutdoors: boolean;
  /** The jurisdiction uses the meals method (indoors or outdoors). */
  usesMeals: boolean;
  /** Coastal / low-lying state: high water tables more common. */
  wet: boolean;
}

export function kitchenInputs(rng: Rng, menu: string, place: Placement): SeedInputs {
  const prof = MENU_PROFILES[menu];
  if (prof === undefined) throw new Error(`no profile for menu ${menu}`);
  const size = servings(rng, prof.servings);
  const fryer = rng.chance(prof.fryer);
  const flatware = rng.chance(prof.flatware);
  const disposer = rng.chance(prof.disposer);
  const fx = fixtures(rng, menu, size, { flatware, disposer });

  let outdoorShare = 0.35 + (size >= 800 ? 0.3 : 0) + (place.gravityOutdoors ? 0.1 : 0) - (LOW_TIER.has(menu) && size < 400 ? 0.2 : 0);
  outdoorShare = Math.min(0.85, Math.max(0.1, outdoorShare));
  const outdoors = rng.chance(outdoorShare);
  let buried: boolean;
  let depth = 0;
  let traffic = false;
  if (outdoors) {
    buried = rng.chance(0.92);
    if (buried) {
      depth = rng.weighted<number>([
        [12, 2],
        [18, 4],
        [24, 5],
        [30, 3],
        [36, 3],
        [42, 1],
        [48, 1],
        [60, 1],
      ]);
      traffic = rng.chance(0.3);
    }
  } else {
    buried = rng.chance(0.12);
    if (buried) depth = rng.pick([12, 12, 18, 24]);
  }
  let insideLocation: SeedInputs['inside_trap_location'] = null;
  if (!outdoors) {
    const allowed = place.locations.filter((l) => l !== null);
    insideLocation = allowed.includes('kitchen') && rng.chance(0.6) ? 'kitchen' : rng.pick(allowed);
  }

  const inputs: SeedInputs = {
    menu_type: menu,
    servings_per_day: size,
    pump_out_target_days: rng.weighted<number>([
      [30, 45],
      [60, 25],
      [90, 25],
      [45, 2],
      [14, 1],
      [120, 1],
      [180, 1],
    ]),
    fryer,
    flatware,
    food_waste_disposer: disposer,
    pipe_size_in: pipeSize(rng, menu, size),
    installation_location: outdoors ? 'outdoors' : 'indoors',
    inside_trap_location: insideLocation,
    buried,
    burial_depth_in: depth,
    installed_in_traffic_area: traffic,
    installed_in_high_water_area: rng.chance(place.wet ? 0.2 : 0.06),
    fixtures: fx,
  };
  if (place.usesMeals) {
    const turns = prof.turns[0] + rng.next() * (prof.turns[1] - prof.turns[0]);
    const seats = Math.max(10, Math.round(size / turns / 5) * 5);
    const meals: MealsInputs = {
      seats,
      fast_food: prof.fastFood,
      service: prof.singleService ? 'single-service' : 'commercial',
      dishwasher: fx.some((f) => f.kind === 'dishwasher'),
      hours_of_operation: rng.weighted(prof.hours),
    };
    if (rng.chance(0.1)) meals.meals_per_peak_hour = Math.max(5, Math.round((seats * (prof.fastFood ? 1.33 : 1) * (0.6 + rng.next() * 0.5)) / 5) * 5);
    inputs.meals = meals;
  }
  return inputs;
}
