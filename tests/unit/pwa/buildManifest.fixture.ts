/** A build manifest in the shape of a real dist/.vite/manifest.json: three pages, lazy routes. */
import type { BuildManifest } from '../../../src/pwa/pageFiles';

export const MANIFEST: BuildManifest = {
  '_stepTypes.js': { file: 'assets/stepTypes-1.js' },
  '_constants.js': { file: 'assets/constants-1.js' },
  '_gameCodes.js': { file: 'assets/gameCodes-1.js' },
  '_Table.js': { file: 'assets/Table-1.js', imports: ['_stepTypes.js'] },
  '_ActivityCodeBlock.js': { file: 'assets/ActivityCodeBlock-1.js', imports: ['_gameCodes.js'] },
  'index.html': {
    file: 'assets/main-1.js',
    imports: ['_stepTypes.js', '_constants.js'],
    dynamicImports: ['src/features/dashboard/DashboardPage.tsx', 'src/features/library/Page.tsx'],
    css: ['assets/main-1.css'],
    assets: ['assets/sync.worker-1.js'],
  },
  'src/features/dashboard/DashboardPage.tsx': {
    file: 'assets/DashboardPage-1.js',
    imports: ['index.html', '_ActivityCodeBlock.js'],
  },
  'src/features/library/Page.tsx': {
    file: 'assets/Page-1.js',
    imports: ['index.html', '_Table.js'],
    css: ['assets/Page-1.css'],
  },
  'play.html': {
    file: 'assets/play-1.js',
    imports: ['_stepTypes.js', '_constants.js', '_gameCodes.js'],
    css: ['assets/play-1.css'],
  },
  'live.html': {
    file: 'assets/live-1.js',
    imports: ['_stepTypes.js', '_Table.js'],
    css: ['assets/live-1.css'],
  },
};
