/**
 * Collections: curated product lists served at /collections/<key>. Membership is computed from
 * the products' figures, except the jurisdiction approvals, which are an illustrative demo
 * subset (no jurisdiction's real approved-products list is reproduced here).
 */
import type { SeedCollection, SeedProduct, SeedProductType } from '../../src-shared/seed/catalog-seed';
import { imageSet, MEDIA } from './util';

const GREASE = new Set(['hydromechanical-grease-interceptors', 'gravity-grease-interceptors']);
const INTERCEPTOR = new Set([...GREASE, 'solids-interceptors']);

const primary = (p: SeedProduct): string => p.types[0] ?? '';
const isGrease = (p: SeedProduct) => GREASE.has(primary(p));
const maxFlow = (p: SeedProduct) => Math.max(0, ...p.ratings.filter((r) => !r.efficiency_99).map((r) => r.flow_gpm));
const series = (p: SeedProduct, prefix: string) => p.short_name.startsWith(prefix);
const liquid = (p: SeedProduct) => p.liquid_capacity?.gal ?? 0;

interface CollectionDef {
  key: string;
  name: string;
  image: boolean;
  member: (p: SeedProduct) => boolean;
}

const DEFS: CollectionDef[] = [
  {
    key: 'high-flow',
    name: 'High-Flow Interceptors (100 GPM and up)',
    image: true,
    member: (p) => INTERCEPTOR.has(primary(p)) && maxFlow(p) >= 100,
  },
  {
    key: 'under-sink',
    name: 'Under-Sink Units',
    image: true,
    member: (p) => p.installation_options?.other === 'under the sink',
  },
  {
    key: 'traffic-rated',
    name: 'Traffic-Rated Interceptors',
    image: false,
    member: (p) => INTERCEPTOR.has(primary(p)) && p.installation_options?.traffic_area === true,
  },
  {
    // Chicago (IPC-style, gravity volume = peak GPM x 30 min): listed HGIs from 20 GPM, and the
    // gravity units up to 5,000 gal.
    key: 'approved-chicago',
    name: 'Approved in Chicago',
    image: true,
    member: (p) =>
      isGrease(p) &&
      !p.short_name.includes('CSA') &&
      !p.short_name.includes('legacy') &&
      (p.base_model.is_base_model || !p.demo) &&
      ((primary(p) === 'hydromechanical-grease-interceptors' && maxFlow(p) >= 20 && !series(p, 'UC-')) ||
        (primary(p) === 'gravity-grease-interceptors' && liquid(p) <= 5000)),
  },
  {
    // Los Angeles (UPC, gravity interceptors sized by DFU): gravity units from 750 gal, plus the
    // large hydromechanical units.
    key: 'approved-los-angeles',
    name: 'Approved in Los Angeles',
    image: true,
    member: (p) =>
      isGrease(p) &&
      !p.short_name.includes('CSA') &&
      (p.base_model.is_base_model || !p.demo) &&
      ((primary(p) === 'gravity-grease-interceptors' && liquid(p) >= 750) ||
        (primary(p) === 'hydromechanical-grease-interceptors' && maxFlow(p) >= 100 && !p.short_name.includes('legacy'))),
  },
  {
    // New York City (indoor units in basements): HGIs installable indoors up to 250 GPM, including
    // the under-sink units for small cafés.
    key: 'approved-new-york-city',
    name: 'Approved in New York City',
    image: false,
    member: (p) =>
      primary(p) === 'hydromechanical-grease-interceptors' &&
      !p.short_name.includes('CSA') &&
      (p.base_model.is_base_model || !p.demo) &&
      (p.installation_options?.indoors === true || p.installation_options?.indoors_buried === true) &&
      maxFlow(p) <= 250 &&
      maxFlow(p) >= 10,
  },
  {
    key: 'sampling-ports',
    name: 'Sampling Ports',
    image: true,
    member: (p) => p.types.includes('sampling-ports'),
  },
];

export function buildCollections(products: SeedProduct[], types: SeedProductType[]): SeedCollection[] {
  const inactive = new Set(types.filter((t) => !t.active).map((t) => t.key));
  return DEFS.map((c) => ({
    key: c.key,
    name: c.name,
    image: c.image ? imageSet(`${MEDIA}/collections/${c.key}/thumbnail`) : null,
    products: products.filter((p) => !p.types.some((t) => inactive.has(t)) && c.member(p)).map((p) => p.id),
  }));
}
