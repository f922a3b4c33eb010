#!/usr/bin/env node
// `npm run serve|sync|keys|backup|restore|export|import`: the command line from its compiled
// JavaScript (out/cli/), built first when missing or out of date (scripts/build-cli.mjs), and
// with the prepared start-up store for `serve`'s first start. It runs in this process: no
// TypeScript compiler and no second Node start. `npm run dev:cli -- …` runs the sources with tsx.
import { pathToFileURL } from 'node:url';
import { ensureCli, ensureTemplate } from './build-cli.mjs';

const say = (line) => process.stderr.write(`${line}\n`);
// Any command may be the first on a new data folder: the prepared store comes with the build.
await ensureTemplate({ log: say });
await import(pathToFileURL(await ensureCli({ log: say })).href);
