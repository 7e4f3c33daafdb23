/**
 * Pictures of the creation flows' selection cards. The activity types use SPEC §2.2's static
 * thumbnails; the task counts are drawn here (one small tile per task), so that no extra file has
 * to be fetched and the three cards always match their numbers.
 */
export const INDOOR_IMAGE = '/thumbnails/problem-solving-training.svg';
export const OUTDOOR_IMAGE = '/thumbnails/gps-csr-challenge.svg';

/** The "Create new game" dialog's three starts. "With AI" is the Dashboard's AI tile picture. */
export const START_TEMPLATE_IMAGE = '/thumbnails/start-from-template.svg';
export const START_AI_IMAGE = '/thumbnails/dashboard-create.svg';

const WIDTH = 400;
const HEIGHT = 220;
const COLUMNS = 10;
const TILE = 12;
const GAP = 5;

/** Lighter for fewer tasks, deeper for more: the cards read as a scale. */
const BACKGROUNDS: Readonly<Record<number, readonly [string, string]>> = {
  10: ['#8C8DD5', '#6465C7'],
  20: ['#6465C7', '#3C3DA4'],
  30: ['#3C3DA4', '#292A82'],
};

export function taskCountImage(count: number): string {
  const [from, to] = BACKGROUNDS[count] ?? BACKGROUNDS[20]!;
  const rows = Math.ceil(count / COLUMNS);
  const gridWidth = COLUMNS * TILE + (COLUMNS - 1) * GAP;
  const gridHeight = rows * TILE + (rows - 1) * GAP;
  const left = WIDTH - gridWidth - 32;
  const top = (HEIGHT - gridHeight) / 2;
  const tiles = Array.from({ length: count }, (_, i) => {
    const x = left + (i % COLUMNS) * (TILE + GAP);
    const y = top + Math.floor(i / COLUMNS) * (TILE + GAP);
    // Every fifth task is a team challenge in the AI's mix (docs/ai.md): shown in amber.
    const fill = i % 5 === 4 ? '#FCB900' : '#FFFFFF';
    return `<rect x="${x}" y="${y}" width="${TILE}" height="${TILE}" rx="3" fill="${fill}" fill-opacity="0.9"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
    `<text x="32" y="${HEIGHT / 2 + 30}" font-family="Inter, system-ui, sans-serif" font-size="88" font-weight="800" fill="#FFFFFF">${count}</text>` +
    tiles +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
