/**
 * The draft writer: a dedicated worker per tab that puts the builder's draft journal records in
 * the owner's drafts store (src/localdb/draftStore.ts, src/localdb/draftDatabase.ts). In the page, a
 * put's transaction completes only when the main thread gets to it, after the keystroke's render
 * and whatever else is queued; here nothing else runs, so a keystroke is on disk, and known to
 * be, within a millisecond or two of its message. Messages are handled in order, per database.
 */
import { createDraftWriter, type DraftChange } from '../src/localdb/draftDatabase';

export interface DraftWriterMessage {
  /** The drafts database's name (draftStoreName). */
  name: string;
  change: DraftChange;
}

const writers = new Map<string, (change: DraftChange) => void>();

self.onmessage = (event: MessageEvent<DraftWriterMessage>) => {
  const { name, change } = event.data;
  let write = writers.get(name);
  if (!write) {
    write = createDraftWriter(name);
    writers.set(name, write);
  }
  write(change);
};
