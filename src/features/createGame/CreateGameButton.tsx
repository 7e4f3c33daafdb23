/**
 * The primary "Create new game" button of page headers (SPEC §2.5). The dialog and the AI code
 * behind it are loaded on the first click, so a page that shows the button does not carry them.
 */
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CREATE_GAME_TEXTS } from './texts';

const CreateGameDialog = lazy(() =>
  import('./CreateGameDialog').then((m) => ({ default: m.CreateGameDialog })),
);

function PlusIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden
    >
      <line x1="12" y1="5" x2="12" y2="19" strokeLinecap="round" />
      <line x1="5" y1="12" x2="19" y2="12" strokeLinecap="round" />
    </svg>
  );
}

export function CreateGameButton() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        leftSection={<PlusIcon />}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {CREATE_GAME_TEXTS.button}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <CreateGameDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
