/**
 * What Settings → Local API says of the port the API answers on (issue 30: "port 8737 was taken"
 * was shown when nothing held it). Read from app.info as the app really started: the served
 * address, the configured port, the transport, and `moved`, which the desktop's start sets only
 * when listening on the configured port failed (EADDRINUSE: taken; EACCES: not allowed) and the
 * rep chose a free port. Nothing is said when the API answers on the configured port.
 */
export type PortMove = 'taken' | 'not-allowed';

/** The note beside the port setting, or null when the API answers on the port set. */
export function portNote(apiUrl: string | null, configured: number, transport: 'ipc' | 'http' | null, moved: PortMove | null): string | null {
  if (apiUrl === null) return null;
  const served = Number(new URL(apiUrl).port);
  if (served === configured) return null;
  if (transport === 'http') {
    return `This browser window talks to a server started from the command line on port ${served} (its --port option). The port set here is the desktop app's; it applies when the app starts.`;
  }
  if (moved) {
    const why = moved === 'taken' ? 'was taken by another program' : 'was not allowed on this computer';
    return `It serves on port ${served}, not ${configured}: when this app started, port ${configured} ${why}, and you chose a free port for this session. Tools find the address in local-api.json in the data folder.`;
  }
  return `It serves on port ${served}; port ${configured} applies at the next start.`;
}
