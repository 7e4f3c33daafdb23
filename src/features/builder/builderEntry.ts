/**
 * SPEC §2.8 Entry, as pure rules: which template the builder opens, and the URL it then shows.
 * - The id is taken from the route, or else from the wglastTemplateId cookie.
 * - An id other than the loaded template's is loaded; otherwise the loaded one is kept; with
 *   none at all, a copy of the blank template is made.
 * - The URL becomes /builder/{id}, keeping a "?finish-create=" query if one was present.
 */
export const FINISH_CREATE_PARAM = 'finish-create';

export interface BuilderEntryInput {
  /** The :templateId of the route, when the URL has one. */
  routeId: string | null | undefined;
  /** The wglastTemplateId cookie. */
  cookieId: string | null | undefined;
  /** The template the builder had open before (kept across builder routes), if any. */
  loadedId: string | null | undefined;
}

export type BuilderEntryDecision =
  | { action: 'load'; id: string; from: 'route' | 'cookie' }
  | { action: 'keep'; id: string }
  | { action: 'create-blank' };

const present = (id: string | null | undefined): id is string =>
  typeof id === 'string' && id.trim() !== '';

export function resolveBuilderEntry({
  routeId,
  cookieId,
  loadedId,
}: BuilderEntryInput): BuilderEntryDecision {
  const requested = present(routeId) ? routeId : present(cookieId) ? cookieId : null;
  if (requested !== null && requested !== loadedId) {
    return { action: 'load', id: requested, from: present(routeId) ? 'route' : 'cookie' };
  }
  if (present(loadedId)) return { action: 'keep', id: loadedId };
  return { action: 'create-blank' };
}

/** "/builder/{id}", with "?finish-create=…" carried over from `search` when it was there. */
export function builderEntryUrl(id: string, search: string): string {
  const params = new URLSearchParams(search);
  const finishCreate = params.get(FINISH_CREATE_PARAM);
  const base = `/builder/${encodeURIComponent(id)}`;
  return finishCreate === null
    ? base
    : `${base}?${FINISH_CREATE_PARAM}=${encodeURIComponent(finishCreate)}`;
}

/** The query carries finish-create: the launch/demo dialog opens by itself (SPEC §2.8 Footer). */
export const carriesFinishCreate = (search: string): boolean =>
  new URLSearchParams(search).has(FINISH_CREATE_PARAM);

/** SPEC §2.8 Create Account blocker: guests leaving for a path without /builder are stopped. */
export function blocksLeaving(state: {
  signedIn: boolean;
  templateLoaded: boolean;
  nextPathname: string;
}): boolean {
  return !state.signedIn && state.templateLoaded && !state.nextPathname.includes('/builder');
}

/** The template the builder has open in this tab; survives leaving and re-entering /builder. */
let loadedTemplateId: string | null = null;
export const getLoadedTemplateId = (): string | null => loadedTemplateId;
export function setLoadedTemplateId(id: string | null): void {
  loadedTemplateId = id;
}
