/** SPEC §3: a logo with default = true is "no uploaded logo"; the previews show none. */
import type { Logo } from '../../domain/schemas';

export const previewLogoUrl = (logo: Logo | null | undefined): string | null =>
  logo && !logo.default ? logo.url : null;
