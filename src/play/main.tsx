/**
 * The phone player's entry (play.html): React and plain CSS only, no Mantine, so the page loads
 * fast on a weak phone connection (docs/games.md "The player").
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlayApp } from './PlayApp';
import { ErrorBoundary } from './ui';
import './play.css';

const root = document.getElementById('root');
if (!root) throw new Error('play.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <PlayApp />
    </ErrorBoundary>
  </StrictMode>,
);
