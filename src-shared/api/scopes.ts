/**
 * What an API key may do (spec §5: the key decides which data types can be queried): one scope
 * per data type, and `admin` for the administrator's steps of a project's review.
 */
export const API_SCOPES = ['catalog', 'territories', 'users', 'projects', 'jurisdictions', 'admin'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}
