/**
 * The UI's uncaught errors go to the app's log file (app.logError; main scrubs personal data
 * and keys from every line). At most a few per minute: a loop of errors must not flood the log.
 */
import { call } from './bridge';

const PER_MINUTE = 10;
let sent: number[] = [];

function report(message: string, stack: string | undefined, where: string): void {
  const now = Date.now();
  sent = sent.filter((t) => now - t < 60_000);
  if (sent.length >= PER_MINUTE) return;
  sent.push(now);
  void call('app.logError', { message: message.slice(0, 2000), stack: stack?.slice(0, 10_000), where }).catch(() => undefined);
}

export function logUncaughtErrors(): void {
  window.addEventListener('error', (event) => {
    const error = event.error as unknown;
    report(error instanceof Error ? `${error.name}: ${error.message}` : event.message, error instanceof Error ? error.stack : undefined, `window.onerror at ${location.hash || '#/'}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    report(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason), reason instanceof Error ? reason.stack : undefined, `unhandled rejection at ${location.hash || '#/'}`);
  });
}
