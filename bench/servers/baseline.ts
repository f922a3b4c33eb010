/**
 * Bench child: the baseline the engine is measured against. Plain node:http and better-sqlite3
 * prepared statements doing the same single look-ups and building the same JSON with the same
 * pure builders, without routing, validation, auth or a query builder.
 */
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DATABASE_FILE } from '../../src-main/store/open-store.js';
import { buildFullProduct, type LinkRow, type OptionRow, type ProductRow, type RatingRow, type CertificationRow } from '../../src-main/engine/catalog/render-product.js';
import { buildTerritory, type TerritoryRow } from '../../src-main/engine/territory-service.js';

const db = new SQLite(path.join(process.argv[2]!, DATABASE_FILE), { readonly: true });
const typeNames = new Map((db.prepare('select id, name from product_types').all() as { id: number; name: string }[]).map((t) => [t.id, t.name]));
const typeName = (id: number) => typeNames.get(id) ?? '';
const published = [...typeNames.keys()].join(',');

const productByPart = db.prepare(`select * from products where part_number = ? and type_id in (${published})`);
const optionsOf = db.prepare('select options.*, po.product_id from product_options po join options on options.id = po.option_id where po.product_id = ? order by po.position');
const certsOf = db.prepare('select * from product_certifications where product_id = ? order by position');
const ratingsOf = db.prepare('select * from product_ratings where product_id = ? order by position');
const linksOf = db.prepare(
  `select linked.*, l.product_id as owner_id, l.kind as link_kind, l.component as link_component from product_links l join products linked on linked.id = l.linked_id where l.product_id = ? and linked.type_id in (${published}) order by l.kind, l.position`,
);
const territoryOfZip = db.prepare(
  'select t.*, c.name as county_name, z.state_code as zip_state from zip_codes z join counties c on c.fips = z.main_county_fips join territory_counties tc on tc.county_fips = z.main_county_fips join territories t on t.id = tc.territory_id where z.zip = ?',
);
const countiesOf = db.prepare('select c.name, c.state_code, c.population from territory_counties tc join counties c on c.fips = tc.county_fips where tc.territory_id = ? order by c.state_code, c.name');
const zipsOf = db.prepare('select z.zip from territory_counties tc join zip_codes z on z.main_county_fips = tc.county_fips where tc.territory_id = ? order by z.zip');

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname.startsWith('/products/')) {
    const row = productByPart.get(decodeURIComponent(url.pathname.slice('/products/'.length))) as ProductRow | undefined;
    if (!row) return send(res, 404, { object: 'error' });
    const one = <T>(rows: T[]) => new Map([[row.id, rows]]);
    const product = buildFullProduct(row, typeName, {
      options: one(optionsOf.all(row.id) as OptionRow[]),
      certifications: one(certsOf.all(row.id) as CertificationRow[]),
      ratings: one(ratingsOf.all(row.id) as RatingRow[]),
      links: one(linksOf.all(row.id) as LinkRow[]),
    });
    return send(res, 200, product);
  }
  if (url.pathname === '/territory') {
    const row = territoryOfZip.get(url.searchParams.get('zip_code')) as (TerritoryRow & { county_name: string; zip_state: string }) | undefined;
    if (!row) return send(res, 404, { object: 'error' });
    // A look-up names the county it resolved to (docs/api.md, Territories).
    const match = { county: `${row.county_name}, ${row.zip_state}`, note: null };
    return send(res, 200, { ...buildTerritory(row, countiesOf.all(row.id) as never, zipsOf.all(row.id) as never), match });
  }
  send(res, 404, { object: 'error' });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, pid: process.pid })}\n`);
});
