/**
 * Bench child: the spec-only central service (test/helpers/spec-upstream) with a generated data
 * set of the given size; prints {port, key, pid} once listening. Plain node:http, no project code.
 * A fourth argument `media` has it serve real picture and document bytes at its own /media/….
 */
import { generatedData } from '../../test/helpers/spec-upstream/generate.js';
import { startSpecUpstream } from '../../test/helpers/spec-upstream/server.js';

const [products, users, projects] = process.argv.slice(2, 5).map(Number) as [number, number, number];
const upstream = await startSpecUpstream(generatedData({ products, users, projects }), { media: process.argv[5] === 'media' });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(upstream.url).port), key: upstream.key, pid: process.pid })}\n`);
process.on('SIGTERM', () => void upstream.close().then(() => process.exit(0)));
