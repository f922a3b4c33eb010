/**
 * The library of real authorities' rules (resources/authorities/*.json, one file per authority):
 * who the authority is (its name, state, the jurisdiction names it is known by and the places it
 * serves), the documents its rules were read from (title, address, section, date read), the rules
 * they set and what was not read. A jurisdiction attaches to an authority by who it is, wherever
 * it came from (the embedded data set or the central service); a jurisdiction that matches none
 * keeps its code family's rules, labelled so. A new authority is a new data file, never code.
 */
import { z } from 'zod';
import { codeFamilyRules } from './code-family';
import { jurisdictionRulesSchema, rulesDocumentSchema, type JurisdictionRules } from './jurisdiction-rules';

/** Rule fields an authority file may set: every rule but who the rules belong to and where they come from. */
const SET_BY_OTHERS = ['name', 'plumbing_code', 'source', 'unique_local_requirements'] as const;

export const authorityFileSchema = z
  .object({
    /** File name without .json. */
    key: z.string().regex(/^[a-z0-9-]+$/),
    /** The authority as a rep or plan reviewer knows it ("Austin Water (City of Austin)"). */
    authority: z.string().min(1),
    /** Two-letter state code. */
    state: z.string().regex(/^[A-Z]{2}$/),
    /** Names a jurisdiction governed by these rules may carry ("City of Austin", "Austin"). */
    jurisdictions: z.array(z.string().min(1)).min(1),
    /** The places it serves: USPS city names and county FIPS codes in its state (a jurisdiction whose zip codes lie mostly there matches too). */
    serves: z
      .object({
        usps_cities: z.array(z.string().min(1)).default([]),
        county_fips: z.array(z.string().regex(/^\d{5}$/)).default([]),
        note: z.string().min(1),
      })
      .strict(),
    /** The plumbing code of its area, for a jurisdiction that states none. */
    plumbing_code: z.string().min(1).nullable(),
    documents: z.array(rulesDocumentSchema).min(1),
    /** The rules the documents set (any field of the rules schema but name, plumbing code, source and the unique-requirements flag). */
    rules: z.record(z.string(), z.unknown()).refine((r) => !SET_BY_OTHERS.some((k) => k in r), {
      message: `an authority's rules may not set ${SET_BY_OTHERS.join(', ')}`,
    }),
    /** What the authority sets that was not read or that the engine does not model, in plain words. */
    not_read: z.array(z.string().min(1)),
  })
  .strict();
export type AuthorityFile = z.infer<typeof authorityFileSchema>;

/** What a jurisdiction states of itself, from its stored or received rules. */
export type StatedRules = Pick<JurisdictionRules, 'name' | 'plumbing_code' | 'sizing_methods' | 'unique_local_requirements'>;

/**
 * The authority's rules for a jurisdiction: its code family's (from what the jurisdiction states)
 * under what the authority's documents set, named after the authority, with their source.
 */
export function authorityRules(file: AuthorityFile, stated: StatedRules): JurisdictionRules {
  // The code the jurisdiction states is kept (data from the central service is served as received).
  const plumbingCode = stated.plumbing_code ?? file.plumbing_code;
  return jurisdictionRulesSchema.parse({
    ...codeFamilyRules({ name: file.authority, plumbing_code: plumbingCode, sizing_methods: stated.sizing_methods }),
    ...file.rules,
    name: file.authority,
    plumbing_code: plumbingCode,
    unique_local_requirements: stated.unique_local_requirements,
    source: { status: 'authority', authority: file.authority, documents: file.documents, not_read: file.not_read },
  });
}

/**
 * The rules a jurisdiction is sized by: its authority's where the library knows it; rules read
 * elsewhere (a central service that has them, labelled so) as received; otherwise its code
 * family's, with the sizing methods and unique requirements it states. Rules stored before issue
 * 29 (varied, not read) thereby become the code family's, labelled so.
 */
export function effectiveRules(stored: JurisdictionRules, authority: AuthorityFile | null): JurisdictionRules {
  if (authority) return authorityRules(authority, stored);
  if (stored.source.status === 'authority') return stored;
  return { ...codeFamilyRules(stored), unique_local_requirements: stored.unique_local_requirements };
}

/** "City of Austin", "AUSTIN, CITY OF" and "Austin" alike. */
export function authorityNameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[.,'’()]/g, ' ')
    .replace(/\b(city and county of|metropolitan government of|city of|town of|village of|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A zip code of a jurisdiction: its USPS city name and main county. */
export interface ZipPlace {
  city: string;
  county_fips: string;
}

/** More than this share of a jurisdiction's zip codes in an authority's places attaches it. */
export const ZIP_MATCH_SHARE = 0.5;

/**
 * The authority of a jurisdiction: one of its names and its state, else (when its zip codes are
 * known) the authority that serves most of them. Null when none matches.
 */
export function matchAuthority(library: readonly AuthorityFile[], j: { name: string; state: string | null; zips?: readonly ZipPlace[] }): AuthorityFile | null {
  // The state is part of who it is: two Orange Counties, two Charlestons.
  const state = (j.state ?? '').toUpperCase();
  if (state === '') return null;
  const key = authorityNameKey(j.name);
  const byName = library.find((a) => a.state === state && a.jurisdictions.some((n) => authorityNameKey(n) === key));
  if (byName) return byName;
  const zips = j.zips ?? [];
  if (zips.length === 0) return null;
  let best: { a: AuthorityFile; share: number } | null = null;
  for (const a of library) {
    if (a.state !== state) continue;
    const cities = new Set(a.serves.usps_cities.map((c) => c.toLowerCase()));
    const counties = new Set(a.serves.county_fips);
    const inside = zips.filter((z) => cities.has(z.city.toLowerCase()) || counties.has(z.county_fips)).length;
    const share = inside / zips.length;
    if (share > ZIP_MATCH_SHARE && (best === null || share > best.share)) best = { a, share };
  }
  return best?.a ?? null;
}
