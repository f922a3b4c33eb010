/**
 * Vitest global setup of the browser tests: they need Chromium (and pdftotext for the report
 * test) from the system. Without them the run stops here with what to install, instead of every
 * test failing with a launch error's stack trace.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM } from '../helpers/ui-browser.js';

export default function checkSystem(): void {
  const missing: string[] = [];
  if (!fs.existsSync(CHROMIUM)) missing.push(`Chromium (looked for ${CHROMIUM}; CHROMIUM_PATH chooses another)`);
  if (spawnSync('pdftotext', ['-v']).error) missing.push("poppler's pdftotext");
  if (missing.length === 0) return;
  const error = new Error(
    `The browser tests need ${missing.join(' and ')}.\n` +
      '  Install them with: npm run setup:system   (on Debian/Ubuntu: sudo apt-get install -y chromium poppler-utils)',
  );
  // The instruction is the whole message: a stack trace would only hide it.
  error.stack = error.message;
  throw error;
}
