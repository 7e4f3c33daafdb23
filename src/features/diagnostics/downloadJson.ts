/** Saves a value as a JSON file through the browser's download, without a server round trip. */

/**
 * Keys that must never reach a file users attach to support tickets. The export is built from
 * data that holds no credentials; this is the safety net for free-form values (conflict
 * values, error messages) that might one day carry one.
 */
const SECRET_KEYS =
  /^(authorization|token|accesstoken|refreshtoken|idtoken|password|secret|cookie)$/i;

export function toRedactedJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (SECRET_KEYS.test(key) ? undefined : v), 2);
}

export function downloadJson(filename: string, value: unknown): void {
  const blob = new Blob([toRedactedJson(value)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
