/**
 * The written form of field stamps (src/domain/fieldStamps.ts), apart so that the API schemas
 * can check them without importing the template code they describe.
 */

/** `2026-11-26T10:00:00.000Z~0003~tab7f3a`: time, counter, node. */
export const STAMP_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z~\d{4}~[A-Za-z0-9_-]{1,24}$/;

/** The paths a stamp can be kept for: the merge's conflict paths. */
export const STAMP_PATH_PATTERN =
  /^(?:name|description|shortDescription|gameType|deliveryType|duration|selectedThemeId|branding\.(?:headerColour|questionBackgroundColour|selfieBackgroundColour|logo)|steps\.order|steps\[[^\]]{1,64}\]\.(?:name|type|text|media|points|locked))$/;

export const NODE_PATTERN = /^[A-Za-z0-9_-]{1,24}$/;
