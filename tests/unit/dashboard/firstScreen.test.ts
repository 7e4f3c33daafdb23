/**
 * The first screen stays light: "/" (the shell and the Dashboard) loads no zod (26 KB gzipped,
 * a tenth of the 250 KB budget for the initial JavaScript of "/"). The zod-free modules of
 * src/domain (gameCodes.ts, userRights.ts, flowDefaults.ts) exist for this; a screen the
 * Dashboard opens at once (the Play Demo dialog) must use them too. Nor does it load the drop
 * area of the builder's logo uploader (@mantine/dropzone and react-dropzone): the builder is lazy;
 * nor @mantine/notifications, whose host is loaded just after the first screen.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeImports, SRC } from '../support/runtimeImports';

describe('the first screen, "/"', () => {
  it('loads no zod: not the shell, not the Dashboard, not a dialog it opens', () => {
    const modules = runtimeImports(
      path.join(SRC, 'main.tsx'),
      path.join(SRC, 'features/dashboard/DashboardPage.tsx'),
    );
    expect(modules.has('zod')).toBe(false);
    // The walk does reach the Dashboard's dialogs and the shared domain modules.
    expect([...modules].some((m) => m.endsWith(`publishing${path.sep}PlayDemoDialog.tsx`))).toBe(
      true,
    );
    expect([...modules].some((m) => m.endsWith(`domain${path.sep}gameCodes.ts`))).toBe(true);
  });

  it('loads no drop area and no notifications: the builder brings @mantine/dropzone with it', () => {
    const modules = runtimeImports(
      path.join(SRC, 'main.tsx'),
      path.join(SRC, 'features/dashboard/DashboardPage.tsx'),
    );
    expect([...modules].filter((m) => /dropzone/.test(m))).toEqual([]);
    // Nor the notifications: their host comes just after (src/ui/notificationsHost.tsx).
    expect(modules.has('@mantine/notifications')).toBe(false);
    expect([...modules].some((m) => m.endsWith(`ui${path.sep}notificationsHost.tsx`))).toBe(true);
    const builder = runtimeImports(path.join(SRC, 'features/builder/styling/LogoUploader.tsx'));
    expect(builder.has('@mantine/dropzone')).toBe(true);
  });
});
