/**
 * Clean shutdown, once: the local API server first (no new requests), then the engine (sync
 * stopped, store closed). Every step runs even when an earlier one fails. No electron import.
 */

export interface ShutdownStep {
  name: string;
  run(): Promise<void> | void;
}

/** Returns a function that runs the steps in order the first time and the same promise after. */
export function createShutdown(steps: () => readonly ShutdownStep[], log: (line: string) => void = (l) => console.error(l)): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= (async () => {
      for (const step of steps()) {
        try {
          await step.run();
        } catch (error) {
          log(`shutdown: ${step.name} failed: ${String(error)}`);
        }
      }
    })();
    return running;
  };
}
