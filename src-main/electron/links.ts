/** What happens to a link or navigation that would leave the app. Pure (no electron import). */
import { isAppUrl, type AppLocation } from './app-url.js';

/**
 * Only http and https URLs are handed to the system browser; everything else (file:, custom
 * schemes, javascript:, mailto:, smb: …) is refused, since the OS would run some handler for it.
 */
export function isExternalWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

export type LeaveAction = 'open-external' | 'deny';

/** window.open / target=_blank: never a new app window; web links go to the system browser. */
export function windowOpenAction(url: string): LeaveAction {
  return isExternalWebUrl(url) ? 'open-external' : 'deny';
}

/** will-navigate / will-redirect: the app's own pages load; anything else is stopped. */
export function navigationAction(url: string, location: AppLocation): 'allow' | LeaveAction {
  return isAppUrl(url, location) ? 'allow' : windowOpenAction(url);
}
