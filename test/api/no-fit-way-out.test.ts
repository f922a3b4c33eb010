/**
 * When nothing fits, the sizing says the real reason and the way out (issue 29): a 150-seat
 * restaurant at 78701, Austin. Austin Water sizes grease traps/interceptors by liquid holding
 * capacity (its Grease Trap Sizing Criteria, read 2026-11-26) and every gravity unit of the
 * embedded catalog is listed for installation below grade only; GB-1000 is a hydromechanical unit
 * with no liquid capacity in the catalog, so it is a gap in the catalog data, not "the closest".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project } from '../../src-shared/api/people.js';
import { sizingResponse } from '../../src-shared/api/sizing.js';
import { startTestServer, type TestServer } from '../helpers/api-server.js';
import { catalogSeed } from '../helpers/resources.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const send = (method: string, path: string, body: unknown) => t.request(method, path, { body: JSON.stringify(body) });

/** 3-compartment sink 4 + dishwasher 6 + prep sink 4 + hand sink 0 + 2 floor drains × 2 + mop sink 2 = 20 fixture units (Austin Water's table). */
const kitchen = {
  name: 'Congress Avenue Bistro',
  engineer: { unknown: true },
  address: { street: '600 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' },
  menu_type: 'casual-dining',
  servings_per_day: 450,
  fryer: true,
  flatware: true,
  meals: { seats: 150 },
  installation_location: 'indoors',
  buried: false,
  fixtures: [
    { type: 'three-compartment-sink' },
    { type: 'dishwasher' },
    { type: 'prep-sink' },
    { type: 'hand-sink' },
    { type: 'floor-drain' },
    { type: 'floor-drain' },
    { type: 'mop-sink' },
  ],
};

describe('a 150-seat restaurant at 78701 (Austin)', () => {
  let id: number;

  it('recommends nothing, names the deciding constraint and gives "Buried: yes gives GG-750" as the way out', async () => {
    const created = await send('POST', '/api/projects', kitchen);
    expect(created.status, created.text).toBe(201);
    const p = project.parse(created.body);
    id = p.id;
    expect(p.jurisdiction?.name).toBe('City of Austin');
    expect(p.recommended_product).toBeNull();
    expect(p.flow_rate.dfu).toBe(20);

    const sizing = sizingResponse.parse((await t.get(`/api/projects/${id}/sizing`)).body);
    expect(sizing.rules_source).toMatchObject({ status: 'authority', authority: 'Austin Water (City of Austin)' });
    expect(sizing.required_volume?.volume.standard.value).toBe(20 * 3 * 12); // 720 gal
    const nf = sizing.recommendation.no_fit!;
    expect(sizing.recommendation.no_recommendation?.code).toBe('no_candidate_fits');
    expect(nf.message).toBe(
      'Austin Water (City of Austin) requires a gravity interceptor sized by the jurisdiction’s own formula here; every gravity unit in the catalog installs below grade (buried) only, and this one goes indoors.',
    );
    // Never "the closest": GB-1000 is hydromechanical (listed as gravity too) with no liquid capacity in the catalog.
    expect(nf.closest).toBeNull();
    const gb1000 = nf.catalog_gaps.find((g) => g.name === 'GB-1000');
    expect(gb1000?.missing).toBe('liquid capacity');
    expect(gb1000?.message).toMatch(/a gap in the catalog data/);
    expect(nf.ways_out.map((w) => w.message)).toContain('Buried: yes gives GG-750');
    expect(nf.ways_out.find((w) => w.label === 'Buried: yes')?.changes).toEqual([{ input: 'buried', value: true }]);
    expect(sizing.recommendation.no_recommendation?.message).toMatch(/The way out: .*Buried: yes gives GG-750/);
    // The project itself says so too.
    expect(project.parse((await t.get(`/api/projects/${id}`)).body).no_recommendation?.message).toMatch(/Buried: yes gives GG-750/);
  });

  it('after the way out (Buried: yes): GG-750, the smallest gravity unit over 720 gal', async () => {
    const patched = await send('PATCH', `/api/projects/${id}`, { buried: true });
    expect(patched.status, patched.text).toBe(200);
    const p = project.parse(patched.body);
    expect(p.recommended_product).toBe('GG-750');
    // Checked against the catalog file itself: 750 gal is the smallest gravity liquid capacity ≥ 720.
    const gravity = catalogSeed()
      .products.filter((x) => x.types[0] === 'gravity-grease-interceptors' && x.liquid_capacity !== null)
      .map((x) => x.liquid_capacity!.gal)
      .filter((gal) => gal >= 720);
    expect(Math.min(...gravity)).toBe(750);
  });
});
