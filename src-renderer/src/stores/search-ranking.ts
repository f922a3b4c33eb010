/**
 * The order of the search palette's hits: how well the hit's own name matches what was typed
 * (the whole name, its start, a whole word, a part of it), then the group's usual order. So a
 * jurisdiction named like the query comes before projects that merely mention it, and an exact
 * model number before longer ones.
 */
import { matchKey } from '../../../src-shared/text-match';

export interface RankedHit {
  key: string;
  group: 'Actions' | 'Projects' | 'Jurisdictions' | 'Users' | 'Products' | 'Territories';
  label: string;
  /** Other names the hit goes by (a model number, a territory code). */
  aliases?: string[];
  detail: string;
  href?: string;
  run?: () => void;
}

const GROUP_ORDER: RankedHit['group'][] = ['Actions', 'Projects', 'Jurisdictions', 'Products', 'Users', 'Territories'];

/** 0: the name is the query; 1: starts with it; 2: has it as whole words; 3: contains it; 4: matched elsewhere. */
export function nameScore(query: string, names: string[]): number {
  const q = matchKey(query);
  if (q === '') return 4;
  let best = 4;
  for (const name of names.map(matchKey)) {
    if (name === q) return 0;
    if (name.startsWith(q)) best = Math.min(best, 1);
    else if (` ${name} `.includes(` ${q} `)) best = Math.min(best, 2);
    else if (name.includes(q)) best = Math.min(best, 3);
  }
  return best;
}

/** Hits best first, at most `perGroup` of each group. */
export function rankHits(query: string, hits: RankedHit[], perGroup = 6): RankedHit[] {
  const ranked = hits
    .map((hit, i) => ({ hit, i, score: nameScore(query, [hit.label, ...(hit.aliases ?? [])]) }))
    .sort((a, b) => a.score - b.score || GROUP_ORDER.indexOf(a.hit.group) - GROUP_ORDER.indexOf(b.hit.group) || a.i - b.i)
    .map((x) => x.hit);
  const taken = new Map<string, number>();
  return ranked.filter((hit) => {
    const n = taken.get(hit.group) ?? 0;
    taken.set(hit.group, n + 1);
    return n < perGroup;
  });
}
