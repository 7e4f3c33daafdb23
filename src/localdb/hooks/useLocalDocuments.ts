/**
 * Every template and upload stored on this device, whoever owns them (the guest of last week,
 * the signed-in user, a previous account): what support needs to see, and what "Reset local
 * data" would delete. The screens of the app use the owner-scoped hooks instead.
 */
import { combineLatest, map } from 'rxjs';
import { useDataContext } from './DataProvider';
import {
  describeDocument,
  describeUpload,
  type DocumentDiagnostics,
  type UploadDiagnostics,
} from '../diagnostics';
import { useObservable, type QueryState } from './useObservable';

export interface LocalDocuments {
  /** Most recently changed first. */
  templates: DocumentDiagnostics[];
  /** Oldest first: the order the queue sends them in. */
  uploads: UploadDiagnostics[];
}

const EMPTY: LocalDocuments = { templates: [], uploads: [] };

export function useLocalDocuments(): QueryState<LocalDocuments> {
  const { db } = useDataContext();
  return useObservable(
    () =>
      combineLatest([
        db.templates.find({ sort: [{ sortAt: 'desc' }] }).$,
        db.uploads.find({ sort: [{ createdAt: 'asc' }] }).$,
      ]).pipe(
        map(([templates, uploads]) => ({
          templates: templates.map((d) => describeDocument(d.toMutableJSON())),
          uploads: uploads.map((d) => describeUpload(d.toMutableJSON())),
        })),
      ),
    [db],
    EMPTY,
  );
}
