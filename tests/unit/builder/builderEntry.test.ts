import { describe, expect, it } from 'vitest';
import {
  blocksLeaving,
  builderEntryUrl,
  carriesFinishCreate,
  resolveBuilderEntry,
} from '../../../src/features/builder/builderEntry';
import { BLANK_TEMPLATE } from '../../../src/domain/blankTemplate';
import { BLANK_TEMPLATE_SEED } from '../../../server/seed/blank';
import { validateTemplate } from '../../../src/domain/validation/template';

describe('SPEC §2.8 Entry: the template id is taken from the route, or else from the cookie wglastTemplateId', () => {
  it('loads the route id when it differs from the loaded template', () => {
    expect(resolveBuilderEntry({ routeId: 'a', cookieId: 'b', loadedId: 'c' })).toEqual({
      action: 'load',
      id: 'a',
      from: 'route',
    });
  });

  it('prefers the route over the cookie even with nothing loaded', () => {
    expect(resolveBuilderEntry({ routeId: 'a', cookieId: 'b', loadedId: null })).toMatchObject({
      action: 'load',
      id: 'a',
    });
  });

  it('falls back to the cookie without a route id', () => {
    expect(resolveBuilderEntry({ routeId: null, cookieId: 'b', loadedId: null })).toEqual({
      action: 'load',
      id: 'b',
      from: 'cookie',
    });
  });

  it('keeps the current template when the requested id is the loaded one', () => {
    expect(resolveBuilderEntry({ routeId: 'a', cookieId: 'b', loadedId: 'a' })).toEqual({
      action: 'keep',
      id: 'a',
    });
    expect(resolveBuilderEntry({ routeId: undefined, cookieId: '', loadedId: 'a' })).toEqual({
      action: 'keep',
      id: 'a',
    });
  });

  it('creates a copy of the blank template when no id is given and none is loaded', () => {
    expect(resolveBuilderEntry({ routeId: null, cookieId: null, loadedId: null })).toEqual({
      action: 'create-blank',
    });
    expect(resolveBuilderEntry({ routeId: '', cookieId: '  ', loadedId: undefined })).toEqual({
      action: 'create-blank',
    });
  });
});

describe('SPEC §2.8 Entry: replaces the URL with /builder/{id}, keeping a "?finish-create=" query', () => {
  it('keeps finish-create and drops anything else', () => {
    expect(builderEntryUrl('t1', '?finish-create=true&x=1')).toBe('/builder/t1?finish-create=true');
    expect(builderEntryUrl('t1', '?finish-create=')).toBe('/builder/t1?finish-create=');
  });

  it('has no query without finish-create', () => {
    expect(builderEntryUrl('t1', '')).toBe('/builder/t1');
    expect(builderEntryUrl('t1', '?x=1')).toBe('/builder/t1');
  });

  it('recognises the finish-create query', () => {
    expect(carriesFinishCreate('?finish-create=1')).toBe(true);
    expect(carriesFinishCreate('?finish-create=')).toBe(true);
    expect(carriesFinishCreate('?other=1')).toBe(false);
  });
});

describe('SPEC §2.8 Create Account blocker trigger', () => {
  it('blocks a guest with a template loaded who leaves for a path without /builder', () => {
    expect(blocksLeaving({ signedIn: false, templateLoaded: true, nextPathname: '/' })).toBe(true);
    expect(
      blocksLeaving({ signedIn: false, templateLoaded: true, nextPathname: '/templates' }),
    ).toBe(true);
  });

  it('lets builder paths, signed-in users and an empty builder through', () => {
    expect(
      blocksLeaving({ signedIn: false, templateLoaded: true, nextPathname: '/builder/x/tasks' }),
    ).toBe(false);
    expect(blocksLeaving({ signedIn: true, templateLoaded: true, nextPathname: '/' })).toBe(false);
    expect(blocksLeaving({ signedIn: false, templateLoaded: false, nextPathname: '/' })).toBe(
      false,
    );
  });
});

describe('The blank template (SPEC §7 copy_blank) is one definition for the server and the device', () => {
  it('the server seed is the domain definition', () => {
    expect(BLANK_TEMPLATE_SEED.name).toBe(BLANK_TEMPLATE.name);
    expect(BLANK_TEMPLATE_SEED.steps).toEqual(BLANK_TEMPLATE.steps);
    expect(BLANK_TEMPLATE_SEED.branding).toEqual(BLANK_TEMPLATE.branding);
    expect(BLANK_TEMPLATE_SEED.selectedThemeId).toBe(BLANK_TEMPLATE.selectedThemeId);
  });

  it('starts invalid: its one task still needs its details', () => {
    expect(validateTemplate(BLANK_TEMPLATE).valid).toBe(false);
    expect(validateTemplate(BLANK_TEMPLATE).stepErrors).toHaveLength(1);
  });
});
