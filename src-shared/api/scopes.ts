/**
 * What an API key may do (spec §5: the key decides which data types can be queried): one scope
 * per data type, and `admin` for the administrator's steps of a project's review.
 */
export const API_SCOPES = ['catalog', 'territories', 'users', 'projects', 'jurisdictions', 'admin'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** One line per scope, for the screens that let a person choose them. */
export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  catalog: 'Read products, product types and collections.',
  territories: 'Look up sales territories by zip code or county.',
  users: 'Read users and the names, e-mails and phones on projects.',
  projects: 'Read, create and edit projects, their sizing and report PDF.',
  jurisdictions: 'Read jurisdictions and their sizing rules.',
  admin: "Take the administrator's steps of a project's review (approve, close).",
};

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}
