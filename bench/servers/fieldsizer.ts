/** Bench child: the real engine and server over a prepared data directory; prints its port. */
import { openEngine } from '../../src-main/engine/engine.js';
import { startServer } from '../../src-main/http/server.js';

const dataDir = process.argv[2]!;
// Optional second argument: the render cache size (0 = off), to measure the stack without it.
const renderCacheSize = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const engine = await openEngine({ dataDir, renderCacheSize });
// The rate limit is off: the bench measures request handling, not the limiter's refusals.
const server = await startServer(engine, 0, { rateLimitPerMinute: 0 });
// The UI session token too: the sizing bench makes the editor's own call (/bridge/projects.preview).
process.stdout.write(`${JSON.stringify({ port: server.port, pid: process.pid, session: server.sessionToken })}\n`);
// Exit cleanly on a signal, so profilers (--cpu-prof) can write their output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
