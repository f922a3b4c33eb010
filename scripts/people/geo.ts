/**
 * Look-ups over resources/geography.json for the people build: zip codes by city and county,
 * county names, and population-weighted zip sampling.
 */
import { readFileSync } from 'node:fs';
import { geographySeed, type GeographySeed } from '../../src-shared/seed/geography-seed';
import { WeightedSampler } from './random';

export interface Zip {
  zip: string;
  state: string;
  city: string;
  population: number;
  /** Main county (heaviest weight). */
  county: string;
}

export interface County {
  fips: string;
  state: string;
  name: string;
  population: number;
}

/** The 50 states and DC: people and projects are placed only there. */
const TERRITORIES = new Set(['PR', 'VI', 'GU', 'AS', 'MP']);

export class Geography {
  readonly zips: Zip[];
  readonly zipByCode = new Map<string, Zip>();
  readonly counties = new Map<string, County>();
  private readonly byCityState = new Map<string, Zip[]>();
  private readonly byCounty = new Map<string, Zip[]>();
  private readonly byState = new Map<string, Zip[]>();
  private readonly stateSamplers = new Map<string, WeightedSampler<Zip>>();
  readonly national: WeightedSampler<Zip>;

  constructor(seed: GeographySeed) {
    for (const [fips, state, name, , population] of seed.counties) this.counties.set(fips, { fips, state, name, population });
    this.zips = seed.zips
      .filter(([, state]) => !TERRITORIES.has(state))
      .map(([zip, state, city, population, weights]) => ({
        zip,
        state,
        city,
        population: population ?? 0,
        county: weights[0]?.[0] ?? '',
      }));
    for (const z of this.zips) {
      this.zipByCode.set(z.zip, z);
      push(this.byCityState, cityKey(z.city, z.state), z);
      push(this.byCounty, z.county, z);
      push(this.byState, z.state, z);
    }
    // Weighted toward populous places: weight = population (zips with no population never win).
    this.national = new WeightedSampler(this.zips, (z) => z.population);
  }

  static load(file: string): Geography {
    return new Geography(geographySeed.parse(JSON.parse(readFileSync(file, 'utf8'))));
  }

  cityZips(city: string, state: string): Zip[] {
    return this.byCityState.get(cityKey(city, state)) ?? [];
  }

  countyZips(fips: string): Zip[] {
    return this.byCounty.get(fips) ?? [];
  }

  stateZips(state: string): Zip[] {
    return this.byState.get(state) ?? [];
  }

  /** Population-weighted sampler over one state's zips. */
  stateSampler(state: string): WeightedSampler<Zip> | undefined {
    let s = this.stateSamplers.get(state);
    if (s === undefined) {
      const zips = this.stateZips(state).filter((z) => z.population > 0);
      if (zips.length === 0) return undefined;
      s = new WeightedSampler(zips, (z) => z.population);
      this.stateSamplers.set(state, s);
    }
    return s;
  }

  county(fips: string): County {
    const c = this.counties.get(fips);
    if (c === undefined) throw new Error(`unknown county ${fips}`);
    return c;
  }
}

const cityKey = (city: string, state: string): string => `${city.toLowerCase()}|${state}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
