/**
 * The UI session token of the browser mode. The server prints `http://127.0.0.1:PORT/#session=TOKEN`;
 * the fragment never reaches the server or its logs. The page keeps the token in sessionStorage
 * (it survives a reload, not the tab) and takes it out of the address bar at once.
 */
const STORAGE_KEY = 'fieldsizer.session';

export function takeSessionToken(): string | null {
  const match = /(?:^#|[&#])session=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(STORAGE_KEY, match[1]!);
    // Keep the rest of the address; the hash becomes the app's route.
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}#/projects`);
    return match[1]!;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}
