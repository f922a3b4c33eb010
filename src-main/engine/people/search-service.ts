/**
 * Free-text search over users, jurisdictions and projects (spec §4.6) with SQLite FTS5. Words
 * match as prefixes ("joh" finds John), all words must match, case and accents are ignored (the
 * tables' tokenizer), best matches first (bm25). FTS syntax (OR, "phrases", NEAR) works when it
 * parses; a query it cannot parse is searched as plain words, never an error.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { invalidParameter } from '../errors.js';
import type { Page } from '../paging.js';

export type SearchType = 'user' | 'jurisdiction' | 'project';

const FTS_TABLE: Record<SearchType, 'users_fts' | 'jurisdictions_fts' | 'projects_fts'> = {
  user: 'users_fts',
  jurisdiction: 'jurisdictions_fts',
  project: 'projects_fts',
};

/** Every word as a quoted word or prefix, all of them required: always valid FTS5. */
export function plainWordsQuery(text: string): string | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  // A word matches as a prefix; the exact word as well, so a whole word ranks above a mere prefix.
  return words.length === 0 ? null : words.map((w) => `("${w}" OR "${w}"*)`).join(' AND ');
}

/** bm25 weight of the first column (the name): a hit in the name counts more than one in the e-mail or company. */
const NAME_WEIGHT = 10;

const FTS_SYNTAX = /["*():^]|\b(AND|OR|NOT|NEAR)\b/;

export class SearchService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Ids of the matching rows, best first, with the total number of matches. */
  async ids(type: SearchType, text: string, page: Page): Promise<{ ids: number[]; total: number }> {
    const plain = plainWordsQuery(text);
    if (plain === null) throw invalidParameter('query', 'The query has no words to search for.');
    const attempts = FTS_SYNTAX.test(text) ? [text, plain] : [plain];
    for (const [i, match] of attempts.entries()) {
      try {
        return await this.run(FTS_TABLE[type], match, page);
      } catch (error) {
        // FTS5 reports a malformed expression as an SQLite error, in many wordings ("unknown special
        // query", "expected integer" …): fall back to plain words, which always parse.
        if (i === attempts.length - 1 || (error as { code?: unknown }).code !== 'SQLITE_ERROR') throw error;
      }
    }
    return { ids: [], total: 0 };
  }

  private async run(table: 'users_fts' | 'jurisdictions_fts' | 'projects_fts', match: string, page: Page) {
    const t = sql.table(table);
    const rows = await sql<{ rowid: number }>`select rowid from ${t} where ${t} match ${match} order by bm25(${t}, ${NAME_WEIGHT}), rowid limit ${page.limit} offset ${page.offset}`.execute(this.db);
    const count = await sql<{ n: number }>`select count(*) as n from ${t} where ${t} match ${match}`.execute(this.db);
    return { ids: rows.rows.map((r) => r.rowid), total: Number(count.rows[0]?.n ?? 0) };
  }
}
