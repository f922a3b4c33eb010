/**
 * The UI session token of the browser mode. The server writes a private sign-in page that opens
 * `http://127.0.0.1:PORT/#session=TOKEN`;
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

/**
 * Downloads a file the server makes for the page (the report PDF) with the session token, as a
 * file the browser saves. Answers null, or the server's message when it refused.
 */
export async function downloadFile(url: string): Promise<string | null> {
  const token = sessionStorage.getItem(STORAGE_KEY);
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return 'The Fieldsizer server is not answering. Is it still running?';
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? `The server answered ${response.status}.`;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report.pdf';
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return null;
}
