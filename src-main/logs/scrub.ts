/**
 * What never goes into a log file: keys (local API keys, the central service's, any bearer token
 * or key-like parameter), e-mail addresses, phone numbers, and the user's home folder (it carries
 * their login name). Log lines are also cut to a bounded length.
 */
import os from 'node:os';

const MAX_LINE = 4000;

const RULES: [RegExp, string][] = [
  [/\bfsk_[A-Za-z0-9_-]+/g, '[key]'],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, '$1 [key]'],
  [/\b(api[_-]?key|key|token|session|secret|password|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi, '$1$2[key]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/(\+1[ .-]?)?\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b/g, '[phone]'],
];

export function scrub(text: string, home = os.homedir()): string {
  let result = text;
  if (home && home.length > 1) result = result.split(home).join('~');
  for (const [pattern, replacement] of RULES) result = result.replace(pattern, replacement);
  return result.length > MAX_LINE ? `${result.slice(0, MAX_LINE)}… (${result.length - MAX_LINE} more characters)` : result;
}
