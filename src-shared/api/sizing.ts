/**
 * The sizing of a project as `GET /api/projects/:id/sizing` and `POST /api/sizing` serve it (not
 * in the spec; docs/api.md): the computed project fields, the recommendation with every candidate
 * and why it failed, the warnings, and the derivation, the step-by-step calculation sheet
 * (src-shared/sizing/derivation.ts). Measurements here are plain {value, unit} (no `object` tag).
 */
import { rulesSource } from './people.js';
import { z } from 'zod';
import { DERIVATION_GROUPS } from '../sizing/derivation.js';
import { SIZING_METHODS } from '../sizing/jurisdiction-rules.js';

const plain = z.object({ value: z.number(), unit: z.string() }).strict();
const pair = z.object({ standard: plain, metric: plain }).strict();
const productId = z.union([z.string(), z.number()]);
const productRef = z.object({ id: productId, part_number: z.string(), name: z.string() }).strict();
const scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const derivationStep = z
  .object({
    key: z.string(),
    group: z.enum(DERIVATION_GROUPS),
    label: z.string(),
    formula: z.string(),
    inputs: z.array(z.object({ name: z.string(), value: scalar, unit: z.string().nullable() }).strict()),
    result: z.object({ value: scalar, unit: z.string().nullable() }).strict(),
    source: z.string(),
    note: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'DerivationStep', description: 'One line of the calculation sheet: what, how (formula), from what (inputs), the result, and the code section or guide behind it' });

const notice = z.object({ code: z.string(), message: z.string(), source: z.string() }).strict();

const check = z
  .object({ code: z.string(), passed: z.boolean(), required: scalar, provided: scalar, unit: z.string().nullable(), message: z.string() })
  .strict();

const rating = z
  .object({
    flow_gpm: z.number(),
    grease_lbs: z.number(),
    grease_gal: z.number(),
    label: z.string().nullable(),
    efficiency_99: z.boolean(),
    derived: z.boolean(),
    storage_lbs: z.number(),
    storage_basis: z.enum(['rating', 'accumulation-limit', 'liquid-share']),
  })
  .strict();

const evaluation = z
  .object({
    id: productId,
    part_number: z.string(),
    name: z.string(),
    units: z.number().int(),
    arrangement: z.enum(['single', 'parallel', 'series']),
    rating: rating.nullable(),
    totals: z.object({ flow_gpm: z.number(), grease_lbs: z.number(), storage_lbs: z.number(), liquid_capacity_gal: z.number().nullable() }).strict(),
    pump_out_days: z.number().int().nullable(),
    checks: z.array(check),
    passed: z.boolean(),
    failures: z.array(z.object({ code: z.string(), message: z.string() }).strict()),
  })
  .strict();

const grease = z.object({ weight: plain, volume: plain }).strict();
const greasePeriods = z.object({ per_serving: grease, per_day: grease, per_30_days: grease, per_60_days: grease, per_90_days: grease }).strict();
const flows = { pipe: plain, one_minute: plain, two_minute: plain, sized_by: plain };
const fixtureDims = z.object({ length: plain, width: plain, height: plain, volume: plain, capacity: plain }).strict();

export const sizingResponse = z
  .object({
    object: z.literal('sizing'),
    sizing_method: z.enum(SIZING_METHODS),
    rules_source: rulesSource,
    jurisdiction: z
      .object({ name: z.string(), plumbing_code: z.string().nullable(), sizing_methods: z.object({ indoor: z.enum(SIZING_METHODS), outdoor: z.enum(SIZING_METHODS) }).strict() })
      .strict(),
    flow_rate: z.object({ ...flows, dfu: z.number() }).strict(),
    flow_rate_metric: z.object(flows).strict(),
    grease: greasePeriods,
    grease_metric: greasePeriods,
    pump_out_cycle: z.number().int().nullable(),
    recommended_product: z.string().nullable(),
    unique_local_requirements: z.boolean(),
    unique_local_requirements_reason: z.string().nullable(),
    recommendation: z
      .object({
        status: z.enum(['recommended', 'none']),
        product: productRef.nullable(),
        units: z.number().int(),
        arrangement: z.enum(['single', 'parallel', 'series']).nullable(),
        rating: rating.nullable(),
        pump_out_cycle: z.number().int().nullable(),
        pump_out_basis: z.enum(['grease-capacity', 'maximum-interval']).nullable(),
        reasons: z.array(z.string()),
        design: z
          .object({
            method: z.enum(SIZING_METHODS),
            sized_by_gpm: z.number(),
            required_rating_gpm: z.number(),
            grease_per_day_lbs: z.number(),
            requested_pump_out_days: z.number().int(),
            pump_out_target_days: z.number().int(),
            required_grease_lbs: z.number(),
            required_volume_gal: z.number().nullable(),
            required_volume_basis: z.string().nullable(),
          })
          .strict(),
        chosen: evaluation.nullable(),
        alternatives: z.array(evaluation),
        failed: z.array(evaluation),
        no_recommendation: z.object({ code: z.string(), message: z.string() }).strict().nullable(),
        no_fit: z
          .object({
            deciding: z.string(),
            message: z.string(),
            closest: z
              .object({
                id: productId,
                part_number: z.string(),
                name: z.string(),
                units: z.number().int(),
                misses: z.array(z.object({ code: z.string(), required: z.number(), provided: z.number(), unit: z.string().nullable(), short_by: z.number() }).strict()),
              })
              .strict()
              .nullable(),
            suggestions: z.array(z.string()),
            ways_out: z.array(
              z
                .object({
                  changes: z.array(z.object({ input: z.enum(['installation_location', 'buried', 'installed_in_traffic_area', 'pump_out_target', 'units']), value: z.union([z.string(), z.number(), z.boolean()]) }).strict()),
                  label: z.string(),
                  product: productRef,
                  units: z.number().int(),
                  message: z.string(),
                })
                .strict(),
            ),
            catalog_gaps: z.array(z.object({ id: productId, part_number: z.string(), name: z.string(), missing: z.string(), message: z.string() }).strict()),
          })
          .strict()
          .nullable(),
      })
      .strict(),
    recommended_accessories: z.array(
      z.object({ kind: z.string(), reason: z.string(), product: productRef.nullable(), quantity: z.number().int().nullable(), note: z.string().nullable() }).strict(),
    ),
    required_volume: z.object({ volume: pair, basis: z.string() }).strict().nullable(),
    fixtures: z.array(
      z
        .object({
          name: z.string(),
          type: z.string(),
          uses_typical_dimensions: z.boolean(),
          compartments: z.number().int().nullable(),
          dimensions: z.object({ standard: fixtureDims, metric: fixtureDims }).strict().nullable(),
          flow_rate: z.object({ one_minute: pair, two_minute: pair, dfu: z.number() }).strict(),
        })
        .strict(),
    ),
    excluded_fixtures: z.array(
      z.object({ name: z.string(), kind: z.string(), included: z.boolean(), reason: z.string().nullable(), source: z.string().nullable() }).strict(),
    ),
    warnings: z.array(notice),
    derivation: z.array(derivationStep),
    assumed_inputs: z
      .array(z.string())
      .optional()
      .meta({ description: "GET of a stored project: the inputs the local sizing took from the defaults because the project does not state them (one of the central service's); empty for a project made here" }),
  })
  .strict()
  .meta({ id: 'Sizing' });

export type SizingResponse = z.infer<typeof sizingResponse>;
