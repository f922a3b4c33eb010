/**
 * A rule set's source in plain words, the same sentence wherever a jurisdiction is shown (API
 * `rules_source`, the editor, the jurisdiction page, the report).
 */
import { dateText } from '../dates';
import { CODE_FAMILY_NAMES, codeFamily } from './code-family';
import type { JurisdictionRules, RulesDocument, RulesSourceStatus } from './jurisdiction-rules';

export interface RulesSourceView {
  status: RulesSourceStatus;
  /** True only when the rules were read from the authority's own published rules. */
  verified: boolean;
  authority: string | null;
  /** One or two sentences a rep or plan reviewer can read as they are. */
  summary: string;
  documents: RulesDocument[];
  not_read: string[];
}

const listed = (items: string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

export function describeRulesSource(rules: Pick<JurisdictionRules, 'name' | 'plumbing_code' | 'source'>): RulesSourceView {
  const src = rules.source;
  const code = rules.plumbing_code ?? CODE_FAMILY_NAMES[codeFamily(null)];
  let summary: string;
  switch (src.status) {
    case 'authority': {
      const docs = src.documents.map((d) => `${d.title} (${d.section}, read ${dateText(d.read)})`);
      summary = `Rules read from ${src.authority ?? rules.name}'s own published rules: ${listed(docs)}.`;
      if (src.not_read.length > 0) summary += ` Not read, so the ${code} applies: ${src.not_read.join('; ')}.`;
      break;
    }
    case 'code-family':
      summary = `${rules.name}'s own rules have not been read: these are the rules of its plumbing code (${code}, the ${CODE_FAMILY_NAMES[codeFamily(rules.plumbing_code)]}'s family), with the sizing methods it states. Confirm local requirements with the plan reviewer.`;
      break;
    case 'default':
      summary = `No jurisdiction governs this address: the default rules (${code}; hydromechanical interceptors sized by flow, then grease; two-minute drainage, UPC Table 1014.2.1).`;
      break;
  }
  return { status: src.status, verified: src.status === 'authority', authority: src.authority, summary, documents: src.documents, not_read: src.not_read };
}

/**
 * The citation a plan reviewer can look up for a rule the jurisdiction sets (its fixture units,
 * pump-out bounds, minimum volume …): the authority's published documents with their addresses
 * and the dates read, or, where its own rules were not read, the plumbing code it adopts. The one
 * place these words are made: sizing steps, notices and the report all use it.
 */
export function rulesCitation(rules: Pick<JurisdictionRules, 'name' | 'plumbing_code' | 'source'>): string {
  const src = rules.source;
  const code = rules.plumbing_code ?? 'UPC';
  if (src.status === 'authority' && src.documents.length > 0) {
    const seen = new Set<string>();
    const docs = src.documents.filter((d) => !seen.has(d.url) && seen.add(d.url) !== undefined);
    return docs.map((d) => `${d.title}, ${d.url.replace(/^https?:\/\//, '')} (read ${dateText(d.read)})`).join('; ');
  }
  if (src.status === 'default') return `${code} (${CODE_FAMILY_NAMES[codeFamily(rules.plumbing_code)]}), the rules where no jurisdiction governs`;
  return `${code} (${CODE_FAMILY_NAMES[codeFamily(rules.plumbing_code)]}) as adopted by ${rules.name}; its own rules not read`;
}
