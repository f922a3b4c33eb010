/**
 * The packaged app's updates: electron-updater's autoUpdater, configured by
 * src-main/updates/update-client.ts (generic feed, background download, install on quit,
 * checksum-verified). Only in a packaged app: from a source tree there is nothing to replace.
 */
import electronUpdater from 'electron-updater';
import { checkForUpdate, configureUpdater, type UpdateLog } from '../updates/update-client.js';

export interface Updates {
  /** `manual`: the rep asked (Help → Check for Updates), so "no update" and errors are said too. */
  check(manual: boolean): Promise<void>;
}

export function startUpdates(options: { feedUrl: string | null; log: UpdateLog; tell: (message: string, detail?: string) => void }): Updates {
  const updater = configureUpdater(electronUpdater.autoUpdater, { feedUrl: options.feedUrl, log: options.log });
  updater.on('update-downloaded', (info) => options.tell(`Fieldsizer ${info.version} has been downloaded.`, 'It will be installed when you quit Fieldsizer.'));
  return {
    async check(manual) {
      try {
        const decision = await checkForUpdate(updater);
        if (!manual) return;
        if (decision.kind === 'none') options.tell(`Fieldsizer ${decision.current} is the newest version.`);
        else options.tell(`Fieldsizer ${decision.version} is available.`, 'It is being downloaded in the background and will be installed when you quit.');
      } catch (error) {
        options.log('warn', `updates: the check failed: ${error instanceof Error ? error.message : String(error)}`);
        if (manual) options.tell('Could not check for updates.', error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/** Stand-in where updates cannot run (a source tree, `npm start`). */
export const noUpdates = (tell: (message: string, detail?: string) => void): Updates => ({
  async check(manual) {
    if (manual) tell('Updates come with the installed app.', 'This copy runs from a source tree (npm start); update it with git pull and npm install.');
  },
});
