/**
 * The Content-Security-Policy of the app's windows. Pure (no electron import) so the tests can
 * check it under plain Node. The packaged app gets the strict policy; `electron-vite dev` adds
 * only what the dev server needs (its HMR socket, the hash of React Refresh's one inline
 * preamble, inline <style> for CSS hot updates) and never 'unsafe-inline' for scripts.
 */

export interface CspOptions {
  /** The dev server's URL while running `electron-vite dev`; null for the built app. */
  devServerUrl?: string | null;
  /** 'sha256-…' sources of inline scripts the dev server injects (React Refresh's preamble). */
  devScriptHashes?: readonly string[];
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const dev = options.devServerUrl ? new URL(options.devServerUrl) : null;
  const hashes = dev ? (options.devScriptHashes ?? []).filter((h) => /^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(h)).map((h) => `'${h}'`) : [];
  const socket = dev ? [`${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`] : [];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes]],
    ['style-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...socket]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The directives of a policy, by name (for the tests and for callers checking a policy). */
export function parseCsp(policy: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) result.set(name.toLowerCase(), sources);
  }
  return result;
}

/** Response headers with the policy set (any policy the response carried is replaced). */
export function withCsp(headers: Record<string, string[] | string> | undefined, policy: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}
