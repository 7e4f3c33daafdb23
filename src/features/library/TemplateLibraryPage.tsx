/**
 * /templates, the Template Library (SPEC §2.7): the library templates cached on this device (and
 * the user's own, under the Owner filter's "Mine"), filtered by SPEC §9's checkbox panel, as
 * cards to copy into the builder. Filters live in the URL (useLibraryFilters.ts); the panel's
 * open/closed state lives in memory.
 *
 * The grid always starts with the Blank card ("Start blank"), whatever the filters, the loading
 * state or the connection: a blank activity is not one of the templates the filters choose
 * between (its location, type and duration are set in the builder), and it is made on this
 * device, so it is the one start that works before the library has been downloaded.
 */
import { Alert, Button, Container, EmptyState, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useNetwork } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSession } from '../../auth/session';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { useLibrary, useSyncStatus, useTemplates } from '../../localdb/hooks';
import {
  filterLibrary,
  libraryEmptyMessage,
  visibleFilterGroups,
} from '../../domain/libraryFilters';
import type { LibraryTemplate } from '../../domain/schemas';
import { CloudOffIcon, TemplateIcon } from './icons';
import { LibraryFilterPanel } from './LibraryFilterPanel';
import { isDeviceOffline, ListFreshness } from '../../ui/ListFreshness';
import { PageHeader } from '../../ui/PageHeader';
import { CreateGameButton } from '../createGame/CreateGameButton';
import { BlankActivityCard } from './BlankActivityCard';
import { TemplateCard, TemplateCardSkeleton } from './TemplateCard';
import { LIBRARY_BLANK_TEXTS } from './texts';
import { useLibraryFilters } from './useLibraryFilters';
import { BLANK_COPY_SOURCE, useTemplateCopy, type CopySource } from './useTemplateCopy';

export const LIBRARY_TITLE = 'Template Library';
export const LIBRARY_DESCRIPTION =
  'Browse our range of templated activities, all of which can be customised to suit your needs.';
export const LIBRARY_NOT_DOWNLOADED = {
  title: 'The Template Library is not on this device yet',
  text: 'You are offline, and this device has not downloaded the library before. Connect to the internet and the templates will appear here by themselves.',
};

/** With the Blank card, two rows at the usual width. */
const SKELETON_CARDS = 7;
const CARD_MIN_WIDTH = 264;

export function TemplateLibraryPage() {
  useDocumentTitle(`${LIBRARY_TITLE} · Teamtrail`);
  const session = useSession();
  const { signedIn, sync } = useDataContext();
  const library = useLibrary();
  const { data: localTemplates } = useTemplates();
  const { data: status } = useSyncStatus();
  const { online } = useNetwork();
  const { filters, toggle, reset } = useLibraryFilters();
  const [filtersExpanded, setFiltersExpanded] = useState(true);
  const copy = useTemplateCopy();

  const groups = visibleFilterGroups(session.signedIn);
  const shown = useMemo(
    () => filterLibrary(library.data, filters, { signedIn }),
    [library.data, filters, signedIn],
  );

  // The library arrives with the sync worker's first pull; until then there is nothing to show.
  const firstDownloadPending =
    !library.isLoading &&
    !library.data.some((t) => t.master) &&
    !status?.lastPullAt &&
    sync.mode !== 'unavailable';
  const notDownloadedOffline = firstDownloadPending && isDeviceOffline(online, status);
  const downloading = firstDownloadPending && !notDownloadedOffline && library.data.length === 0;
  const loading = library.isLoading || downloading;

  const emptyMessage = loading ? null : libraryEmptyMessage(library.data.length, shown.length);

  const choose = (template: LibraryTemplate) => {
    const source: CopySource = template.master
      ? { kind: 'library', id: template.id, name: template.name }
      : {
          kind: 'local',
          id: template.id,
          name: template.name,
          template: localTemplates.find((t) => t.id === template.id) ?? null,
        };
    void copy.copy(source);
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={LIBRARY_TITLE}
          description={LIBRARY_DESCRIPTION}
          headerActions={<CreateGameButton />}
          note={<ListFreshness what="library" />}
        />

        <LibraryFilterPanel
          groups={groups}
          filters={filters}
          onToggle={toggle}
          onReset={reset}
          expanded={filtersExpanded}
          onExpandedChange={setFiltersExpanded}
        />

        {copy.failure && (
          <Alert
            color="red"
            variant="light"
            title={
              copy.failure.id === BLANK_COPY_SOURCE.id
                ? LIBRARY_BLANK_TEXTS.failureTitle
                : 'The template could not be copied'
            }
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={copy.dismissFailure}
            role="alert"
          >
            {copy.failure.id === BLANK_COPY_SOURCE.id
              ? LIBRARY_BLANK_TEXTS.failure
              : `“${copy.failure.name}” could not be copied on this device. Please try again.`}
          </Alert>
        )}

        {notDownloadedOffline && (
          <Alert
            color="orange"
            variant="light"
            icon={<CloudOffIcon />}
            title={LIBRARY_NOT_DOWNLOADED.title}
            role="alert"
            data-testid="library-not-downloaded"
          >
            {LIBRARY_NOT_DOWNLOADED.text}
          </Alert>
        )}

        {/* Above the grid and compact, so that both it and the Blank card (which the filters never
            hide) are seen at once. */}
        {emptyMessage && !(notDownloadedOffline && library.data.length === 0) && (
          <EmptyState
            py="md"
            icon={<TemplateIcon size={28} />}
            withIndicatorBackground
            title={emptyMessage}
            data-testid="library-empty"
          >
            {shown.length === 0 && library.data.length > 0 && (
              <EmptyState.Actions>
                <Button variant="light" onClick={reset}>
                  Reset filters
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        )}

        <Stack gap="sm">
          {!loading && shown.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="library-count">
              {shown.length === library.data.length
                ? `${shown.length} ${shown.length === 1 ? 'template' : 'templates'}`
                : `Showing ${shown.length} of ${library.data.length} templates`}
            </Text>
          )}
          <SimpleGrid
            minColWidth={CARD_MIN_WIDTH}
            spacing="lg"
            aria-busy={loading || undefined}
            data-testid="library-grid"
          >
            <BlankActivityCard
              starting={copy.copyingId === BLANK_COPY_SOURCE.id}
              disabled={copy.copyingId !== null}
              onStart={() => void copy.copy(BLANK_COPY_SOURCE)}
            />
            {loading
              ? Array.from({ length: SKELETON_CARDS }, (_, i) => <TemplateCardSkeleton key={i} />)
              : shown.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    copying={copy.copyingId === template.id}
                    disabled={copy.copyingId !== null}
                    onChoose={() => choose(template)}
                  />
                ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}
