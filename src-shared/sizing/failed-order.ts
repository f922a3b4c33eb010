/**
 * The order failed candidates are answered in, by every transport (HTTP and IPC alike): nearest
 * to the need first (by rated flow, or liquid volume for gravity sizing), so the rep sees the next
 * size up or down before the far ones; equal distance, fewer units first.
 */
import { isGravityMethod } from './jurisdiction-rules';
import type { ProjectSizing } from './project';

type Recommendation = ProjectSizing['recommendation'];

export function nearestFirst(failed: Recommendation['failed'], design: Recommendation['design']): Recommendation['failed'] {
  const gravity = isGravityMethod(design.method);
  const size = (e: (typeof failed)[number]) => (gravity ? (e.totals.liquid_capacity_gal ?? Infinity) : e.totals.flow_gpm);
  const need = gravity ? (design.required_volume_gal ?? 0) : design.required_rating_gpm;
  return [...failed].sort((a, b) => Math.abs(size(a) - need) - Math.abs(size(b) - need) || a.units - b.units);
}

/** The sizing with its failed candidates in that order. */
export function withFailedNearestFirst<S extends ProjectSizing>(sizing: S): S {
  const { recommendation } = sizing;
  return { ...sizing, recommendation: { ...recommendation, failed: nearestFirst(recommendation.failed, recommendation.design) } };
}
