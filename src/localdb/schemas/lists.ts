/**
 * Read-only lists pulled from the server and kept for offline reading: the library's master
 * templates (whole, so they can be copied offline), the rows of My Activities, and the themes.
 * Each document is the server's object as it came, under `data`, plus the owner it was pulled for.
 */
import type { RxJsonSchema } from 'rxdb';
import type { ActivityRow, Template, Theme } from '../../domain/schemas';

export interface LibraryDoc {
  id: string;
  data: Template;
  /** Library order: ready templates first, then by name. */
  position: number;
}

export interface ActivityDoc {
  id: string;
  owner: string;
  data: ActivityRow;
  position: number;
}

export interface ThemeDoc {
  id: string;
  data: Theme;
  position: number;
}

const positioned = (title: string, extra: Record<string, object> = {}, required: string[] = []) =>
  ({
    title,
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 64 },
      data: { type: 'object' },
      position: { type: 'integer', minimum: 0, maximum: 1e9, multipleOf: 1 },
      ...extra,
    },
    required: ['id', 'data', 'position', ...required],
    indexes: ['position'],
  }) as const;

export const librarySchema = positioned('library') as unknown as RxJsonSchema<LibraryDoc>;
export const themesSchema = positioned('themes') as unknown as RxJsonSchema<ThemeDoc>;
export const activitiesSchema = positioned(
  'activities',
  { owner: { type: 'string', maxLength: 100 } },
  ['owner'],
) as unknown as RxJsonSchema<ActivityDoc>;
