/**
 * Equality and copying of JSON values (template content), shared by the merge, the field stamps
 * and the server. Documents from the local database may be proxies or frozen, so copies are made
 * by walking the value rather than with structuredClone (which refuses proxies).
 */

/**
 * Structural equality of JSON values. Key order does not matter, and a key holding undefined
 * counts as absent, as it would after a trip through JSON or IndexedDB.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keysA = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const keysB = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && deepEqual(ra[k], rb[k]))
  );
}

/** A copy of a JSON value that shares no objects with it (undefined keys are dropped). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = cloneJson(v);
    return out as T;
  }
  return value;
}
