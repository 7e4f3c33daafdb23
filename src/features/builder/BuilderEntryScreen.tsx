/**
 * /builder without an id (SPEC §2.8 Entry): opens the template in the wglastTemplateId cookie, or
 * the one this tab had open — when it is this owner's — or else this owner's last activity
 * (src/localdb/lastTemplate.ts), or else a copy of the blank template made on this device
 * (src/localdb/copyBlankTemplate.ts, so a blank activity can be started offline), then replaces the
 * URL with /builder/{id}, keeping ?finish-create=.
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readCookie, writeCookie } from '../../api/cookies';
import { copyBlankTemplate } from '../../localdb/copyBlankTemplate';
import { readLastTemplate } from '../../localdb/lastTemplate';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import type { TeamtrailDatabase } from '../../localdb/database';
import { LAST_TEMPLATE_ID_COOKIE } from '../../domain/constants';
import { builderEntryUrl, getLoadedTemplateId, resolveBuilderEntry } from './builderEntry';

async function existsHere(db: TeamtrailDatabase, id: string): Promise<boolean> {
  const doc = await db.templates.findOne(id).exec();
  return doc !== null && !doc.deletedLocally;
}

// React's development double effects must not make two blank copies.
let pendingEntry: Promise<string> | null = null;

export function BuilderEntryScreen() {
  const { db, repository, owner } = useDataContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const enter = useCallback(() => {
    pendingEntry ??= (async () => {
      const decision = resolveBuilderEntry({
        routeId: null,
        cookieId: readCookie(LAST_TEMPLATE_ID_COOKIE.name),
        loadedId: getLoadedTemplateId(),
      });
      if (decision.action !== 'create-blank' && (await existsHere(db, decision.id))) {
        return decision.id;
      }
      // The cookie is the browser's: it may name another account's activity, which this
      // owner's database does not hold. This owner's own last one, then a blank one.
      const ownLast = await readLastTemplate(db);
      if (ownLast !== null && (await existsHere(db, ownLast))) return ownLast;
      return copyBlankTemplate(repository, owner);
    })();
    const entry = pendingEntry;
    entry
      .then((id) => {
        // SPEC §2.8: it stores the id in the cookie, then replaces the URL.
        writeCookie(LAST_TEMPLATE_ID_COOKIE, id);
        void navigate(builderEntryUrl(id, search), { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Opening the Activity Builder failed', error);
        setFailed(true);
      })
      .finally(() => {
        if (pendingEntry === entry) pendingEntry = null;
      });
  }, [db, repository, owner, navigate, search]);

  useEffect(enter, [enter]);

  return (
    <Center h="100vh" w="100%">
      {failed ? (
        <Alert color="red" title="The Activity Builder could not open" maw={420} role="alert">
          <Stack gap="sm">
            <Text size="sm">A new activity could not be started on this device.</Text>
            <Button
              variant="white"
              color="red"
              onClick={() => {
                setFailed(false);
                enter();
              }}
              w="fit-content"
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center" gap="sm" aria-busy="true">
          <Loader />
          <Text c="dimmed">Opening the Activity Builder…</Text>
        </Stack>
      )}
    </Center>
  );
}
