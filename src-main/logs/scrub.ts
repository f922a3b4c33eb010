/**
 * What never goes into a log file: keys (local API keys, the central service's, any bearer token
 * or key-like parameter, credentials in a URL), e-mail addresses, phone numbers (formatted or
 * not), and user names in paths (the user's own home folder, other /home or /Users folders,
 * Windows profile folders, also as file:// URLs). Log lines are also cut to a bounded length.
 */
import os from 'node:os';
import { LOCAL_ID_BASE } from '../store/local-ids.js';

const MAX_LINE = 4000;

/**
 * Ten digits that could be a North American number (area code and exchange not starting with 0
 * or 1), as a word: ids of records made here (from LOCAL_ID_BASE, also ten digits) are kept.
 */
const BARE_PHONE = /(?<![\w.+-])([2-9]\d{2}[2-9]\d{6})(?![\w.])/g;
/** Ids of records made here stay readable up to this many after the base. */
const LOCAL_IDS_KEPT = 100_000_000;

/** user:password@ in a URL. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

/**
 * A text (a URL, a message naming one) with the credentials of every URL in it replaced by `***`:
 * what the API and the UI show of the central service's address. The URL stays a valid URL.
 */
export const redactUrlCredentials = (text: string): string => text.replace(URL_CREDENTIALS, '$1***@');

const RULES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [URL_CREDENTIALS, '$1[credentials]@'],
  [/\bfsk_[A-Za-z0-9_-]+/g, '[key]'],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, '$1 [key]'],
  [/\b(api[_-]?key|key|token|session|secret|password|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi, '$1$2[key]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Windows profile folders, as paths (C:\Users\name, c:/users/name) or in file:///C:/Users/name
  [/\b([A-Za-z]:(?:\\{1,2}|\/)(?:Users|Documents and Settings)(?:\\{1,2}|\/))[^\\/\s"'<>|:*?]+/gi, '$1[user]'],
  // Other users' home folders on Linux and macOS (also file:///home/name)
  [/((?:^|[\s"'(=:]|file:\/\/)\/(?:home|Users)\/)[^/\s"'<>]+/g, '$1[user]'],
  [/\+\d[\d ().-]{7,}\d/g, '[phone]'],
  [/(\+1[ .-]?)?\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b/g, '[phone]'],
  [/(?<![\w.+-])1[2-9]\d{2}[2-9]\d{6}(?![\w.])/g, '[phone]'],
  [BARE_PHONE, (digits: string) => (Number(digits) >= LOCAL_ID_BASE && Number(digits) < LOCAL_ID_BASE + LOCAL_IDS_KEPT ? digits : '[phone]')],
];

/** Control characters other than tab, escaped so one entry is always one line of the file. */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return text.replace(/\r\n|[\r\n]|[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, (c) =>
    c === '\n' || c === '\r\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function scrub(text: string, home = os.homedir()): string {
  let result = text;
  if (home && home.length > 1) result = result.split(home).join('~');
  for (const [pattern, replacement] of RULES) result = typeof replacement === 'string' ? result.replace(pattern, replacement) : result.replace(pattern, replacement);
  return result.length > MAX_LINE ? `${result.slice(0, MAX_LINE)}… (${result.length - MAX_LINE} more characters)` : result;
}
