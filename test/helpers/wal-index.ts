/**
 * What a store's WAL index says (SQLite's shared-memory file, https://sqlite.org/walformat.html):
 * the frames in the WAL (mxFrame, bytes 16-19 of the header) and how many of them a checkpoint
 * has folded into the database file (nBackfill, bytes 96-99); in the machine's byte order.
 */
import fs from 'node:fs';
import os from 'node:os';

export function walIndex(dbFile: string): { frames: number; folded: number } {
  const shm = fs.readFileSync(`${dbFile}-shm`);
  const u32 = (at: number) => (os.endianness() === 'LE' ? shm.readUInt32LE(at) : shm.readUInt32BE(at));
  return { frames: u32(16), folded: u32(96) };
}
