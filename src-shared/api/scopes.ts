/** Data types an API key can be allowed to read (spec §5: the key decides what can be queried). */
export const API_SCOPES = ['catalog', 'territories', 'users', 'projects', 'jurisdictions'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}
