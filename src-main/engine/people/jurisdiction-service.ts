/** Jurisdictions: the standalone record (not shown in the spec), its contacts, which zips it governs. */
import type { Kysely, Selectable } from 'kysely';
import type { Contact, Jurisdiction } from '../../../src-shared/api/people.js';
import type { ContactsTable, Database, JurisdictionsTable } from '../../store/schema.js';
import type { ListResult } from '../catalog/catalog-service.js';
import { notFound } from '../errors.js';
import type { RulesResolver } from '../authorities/rules-resolver.js';
import { describeRulesSource } from '../../../src-shared/sizing/rules-source.js';
import { apiDate } from '../format.js';
import type { Page } from '../paging.js';
import { buildContact, embeddedJurisdiction, jurisdictionUrl, type Viewer } from '../projects/render-project.js';

type JurisdictionRow = Selectable<JurisdictionsTable> & { county_name: string | null };

export interface JurisdictionFilters {
  state?: string;
  zip_code?: string;
}

export class JurisdictionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: RulesResolver,
  ) {}

  private rows() {
    return this.db.selectFrom('jurisdictions as j').leftJoin('counties as c', 'c.fips', 'j.county_fips').selectAll('j').select('c.name as county_name');
  }

  async list(filters: JurisdictionFilters, page: Page, viewer: Viewer): Promise<ListResult<Jurisdiction>> {
    let rows = this.rows();
    let count = this.db.selectFrom('jurisdictions as j').select((eb) => eb.fn.countAll<number>().as('n'));
    if (filters.state) {
      rows = rows.where('j.state', '=', filters.state);
      count = count.where('j.state', '=', filters.state);
    }
    if (filters.zip_code) {
      const zip = filters.zip_code;
      rows = rows.where('j.id', 'in', (eb) => eb.selectFrom('jurisdiction_zip_codes').select('jurisdiction_id').where('zip', '=', zip));
      count = count.where('j.id', 'in', (eb) => eb.selectFrom('jurisdiction_zip_codes').select('jurisdiction_id').where('zip', '=', zip));
    }
    const [data, total] = await Promise.all([rows.orderBy('j.name').orderBy('j.id').limit(page.limit).offset(page.offset).execute(), count.executeTakeFirstOrThrow()]);
    return { data: await this.render(data, false, viewer), total: Number(total.n) };
  }

  /** Jurisdictions by id, in the order given (search results). */
  async listByIds(ids: number[], viewer: Viewer): Promise<Jurisdiction[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await this.rows().where('j.id', 'in', ids).execute()).map((r) => [r.id, r]));
    return this.render(ids.flatMap((id) => rows.get(id) ?? []), false, viewer);
  }

  async get(id: number, withContacts: boolean, viewer: Viewer): Promise<Jurisdiction> {
    const row = await this.rows().where('j.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No jurisdiction with id ${id}.`, 'id');
    const [rendered] = await this.render([row], withContacts, viewer);
    return rendered!;
  }

  async contacts(id: number, page: Page, viewer: Viewer): Promise<ListResult<Contact>> {
    const j = await this.db.selectFrom('jurisdictions').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!j) throw notFound(`No jurisdiction with id ${id}.`, 'id');
    const all = await this.db.selectFrom('contacts').selectAll().where('jurisdiction_id', '=', id).orderBy('position').execute();
    return { data: all.slice(page.offset, page.offset + page.limit).map((c) => buildContact(c, j.name, viewer)), total: all.length };
  }

  /** Contacts of several jurisdictions, for projects embedded with `contacts=true`. */
  async contactsOf(ids: number[], viewer: Viewer): Promise<Map<number, Contact[]>> {
    const out = new Map<number, Contact[]>();
    if (ids.length === 0) return out;
    const rows = await this.db
      .selectFrom('contacts as c')
      .innerJoin('jurisdictions as j', 'j.id', 'c.jurisdiction_id')
      .selectAll('c')
      .select('j.name as jurisdiction_name')
      .where('c.jurisdiction_id', 'in', ids)
      .orderBy('c.jurisdiction_id')
      .orderBy('c.position')
      .execute();
    for (const { jurisdiction_name, ...c } of rows) {
      out.set(c.jurisdiction_id, [...(out.get(c.jurisdiction_id) ?? []), buildContact(c as Selectable<ContactsTable>, jurisdiction_name, viewer)]);
    }
    return out;
  }

  async render(rows: JurisdictionRow[], withContacts: boolean, viewer: Viewer): Promise<Jurisdiction[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const zips = await this.db.selectFrom('jurisdiction_zip_codes').select(['zip', 'jurisdiction_id']).where('jurisdiction_id', 'in', ids).orderBy('zip').execute();
    const zipsOf = new Map<number, string[]>();
    for (const z of zips) zipsOf.set(z.jurisdiction_id, [...(zipsOf.get(z.jurisdiction_id) ?? []), z.zip]);
    const contacts = withContacts ? await this.contactsOf(ids, viewer) : null;
    const resolved = await this.rules.resolveAll(rows);
    return rows.map((row) => {
      const r = resolved.get(row.id)!;
      const rules = JSON.parse(r.json) as Record<string, unknown>;
      const embedded = embeddedJurisdiction(row.id, row.name, r.json, undefined, row.sizing_labels);
      const url = jurisdictionUrl(row.id);
      const body: Jurisdiction = {
        object: 'jurisdiction',
        url,
        id: row.id,
        name: row.name,
        kind: row.kind as Jurisdiction['kind'],
        state: row.state,
        county: row.county_name,
        plumbing_code: embedded.plumbing_code,
        sizing_methods: embedded.sizing_methods,
        unique_local_requirements: r.rules.unique_local_requirements.flagged,
        unique_local_requirements_reason: r.rules.unique_local_requirements.reason,
        inside_trap_locations: JSON.parse(row.inside_trap_locations) as string[],
        rules,
        rules_source: describeRulesSource(r.rules),
        zip_codes: zipsOf.get(row.id) ?? [],
        updated: apiDate(row.updated),
        ...(contacts ? { contacts: { object: 'list' as const, url: `${url}/contacts`, data: contacts.get(row.id) ?? [] } } : {}),
      };
      return row.extra === '{}' ? body : { ...(JSON.parse(row.extra) as object), ...body };
    });
  }
}
