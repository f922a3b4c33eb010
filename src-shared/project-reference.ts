/**
 * How a rep and a plan reviewer refer to a project: a project made on this machine (ids from 2^31
 * up, store/local-ids.ts) by a short local reference, "L-1", "L-2" …; one from the central service
 * by its number there. The id itself stays as it is in the API and the address bar.
 */
/** Above every signed 32-bit id, well inside JavaScript's safe integers (the first id of a record made here). */
export const LOCAL_ID_BASE = 2 ** 31;

export function projectReference(id: number): string {
  return id >= LOCAL_ID_BASE ? `L-${id - LOCAL_ID_BASE + 1}` : `No. ${id}`;
}
