/**
 * A bot's rating history as an inline SVG chart (no script, no external request): the rating after
 * each of its pairings against the games it had played, with a band of one deviation either side. The
 * full chart has axes and labels; the sparkline is the line alone, for a table row. Both scale to their
 * container through the viewBox.
 */
export interface ChartPoint {
  games: number;
  rating: number;
  deviation: number;
}

const round = (value: number): string => String(Math.round(value * 10) / 10);
/** Ratings are shown in whole points, as everywhere on the pages. */
const whole = (value: number): string => String(Math.round(value));
const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** Tick values for the rating axis: a round step giving three to six ticks. */
function ticks(low: number, high: number): number[] {
  const span = Math.max(1, high - low);
  const step = [10, 20, 25, 50, 100, 200, 250, 500].find((candidate) => span / candidate <= 5) ?? 1000;
  const values: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high; value += step) values.push(value);
  return values;
}

function scales(points: readonly ChartPoint[], width: number, height: number, pad: { left: number; right: number; top: number; bottom: number }) {
  const lowest = Math.min(...points.map((point) => point.rating - point.deviation));
  const highest = Math.max(...points.map((point) => point.rating + point.deviation));
  const middle = (lowest + highest) / 2;
  const half = Math.max(50, (highest - lowest) / 2) * 1.05;
  const low = middle - half;
  const high = middle + half;
  const maxGames = Math.max(1, ...points.map((point) => point.games));
  return {
    low,
    high,
    maxGames,
    x: (games: number) => pad.left + (games / maxGames) * (width - pad.left - pad.right),
    y: (rating: number) => pad.top + ((high - rating) / (high - low)) * (height - pad.top - pad.bottom),
  };
}

/** The history from the start (1500 at 0 games), so a single pairing still draws a line. */
const fromStart = (points: readonly ChartPoint[], start: ChartPoint): ChartPoint[] =>
  points.length === 0 || points[0].games === 0 ? [...points] : [start, ...points];

/**
 * The full chart, `label` naming it for screen readers. `start` is where every bot begins (the rating
 * and deviation of a bot without games).
 */
export function ratingChart(
  history: readonly ChartPoint[],
  name: string,
  start: ChartPoint,
  size: { width: number; height: number; className?: string } = { width: 640, height: 260 },
): string {
  const label = escapeText(name);
  const { width, height } = size;
  const svgClass = `rating-chart${size.className ? ` ${size.className}` : ""}`;
  const pad = { left: 48, right: 14, top: 12, bottom: 34 };
  if (history.length === 0) {
    return `<svg class="${svgClass}" viewBox="0 0 ${width} 60" role="img" aria-label="${label}: no games yet"><text x="${width / 2}" y="34" text-anchor="middle" class="chart-note">No ladder games yet</text></svg>`;
  }
  const points = fromStart(history, start);
  const { x, y, low, high, maxGames } = scales(points, width, height, pad);
  const band = [
    ...points.map((point) => `${round(x(point.games))},${round(y(point.rating + point.deviation))}`),
    ...[...points].reverse().map((point) => `${round(x(point.games))},${round(y(point.rating - point.deviation))}`),
  ].join(" ");
  const line = points.map((point) => `${round(x(point.games))},${round(y(point.rating))}`).join(" ");
  const grid = ticks(low, high)
    .map(
      (value) =>
        `<line class="chart-grid" x1="${pad.left}" x2="${width - pad.right}" y1="${round(y(value))}" y2="${round(y(value))}"/><text class="chart-axis" x="${pad.left - 6}" y="${round(y(value) + 4)}" text-anchor="end">${value}</text>`,
    )
    .join("");
  const last = points[points.length - 1];
  const dots = history
    .map(
      (point) =>
        `<circle class="chart-dot" cx="${round(x(point.games))}" cy="${round(y(point.rating))}" r="3"><title>${point.games} games: ${whole(point.rating)} ± ${whole(point.deviation)}</title></circle>`,
    )
    .join("");
  return [
    `<svg class="${svgClass}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}: rating ${whole(last.rating)} ± ${whole(last.deviation)} after ${last.games} games">`,
    grid,
    `<polygon class="chart-band" points="${band}"/>`,
    `<polyline class="chart-line" points="${line}"/>`,
    dots,
    `<line class="chart-axis-line" x1="${pad.left}" x2="${width - pad.right}" y1="${height - pad.bottom}" y2="${height - pad.bottom}"/>`,
    `<text class="chart-axis" x="${pad.left}" y="${height - pad.bottom + 16}">0</text>`,
    `<text class="chart-axis" x="${width - pad.right}" y="${height - pad.bottom + 16}" text-anchor="end">${maxGames} games</text>`,
    `<text class="chart-axis" x="${(pad.left + width - pad.right) / 2}" y="${height - 4}" text-anchor="middle">${width >= 480 ? "rating (line) ± one deviation (band), by games played" : "rating ± one deviation, by games"}</text>`,
    "</svg>",
  ].join("");
}

/** The line alone, for a table row. */
export function ratingSparkline(history: readonly ChartPoint[], name: string, start: ChartPoint): string {
  const label = escapeText(name);
  const width = 120;
  const height = 32;
  if (history.length === 0)
    return `<svg class="sparkline" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}: no games yet"><line class="chart-grid" x1="0" x2="${width}" y1="${height / 2}" y2="${height / 2}"/></svg>`;
  const points = fromStart(history, start);
  const { x, y } = scales(points, width, height, { left: 2, right: 2, top: 3, bottom: 3 });
  const line = points.map((point) => `${round(x(point.games))},${round(y(point.rating))}`).join(" ");
  const last = points[points.length - 1];
  return `<svg class="sparkline" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}: rating history, ${whole(last.rating)} after ${last.games} games"><polyline class="chart-line" points="${line}"/><circle class="chart-dot" cx="${round(x(last.games))}" cy="${round(y(last.rating))}" r="2.5"/></svg>`;
}
