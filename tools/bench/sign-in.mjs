// What the sign-in benchmarks share (dashboard-load.mjs, dashboard-ab.mjs): Chromium's options, a sign-in on a
// fresh page, and the milestones from the LOGIN click to a filled dashboard, timed inside the page.

export const launchOptions = (executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
export const viewport = { width: 1440, height: 1000 };

/**
 * Installed in the page before it loads: notes the LOGIN click's own timestamp, then on every frame
 * notes when each milestone is first reached, all on the page's clock. Timing inside the page leaves
 * out the automation's own delays (Playwright's click is a series of protocol round trips before the
 * click event fires, and every wait is another round trip), which added about 0.3 s to each figure.
 */
function watchMilestones() {
  const marks = {};
  window.__dashboardMilestones = marks;
  const inView = (element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  };
  // A chart's frame is aria-busy until G2 has drawn it (its canvas exists before the drawing is done).
  const drawn = (figure) => figure.getAttribute('aria-busy') === 'false';
  const answered = (panel) => panel.getAttribute('aria-busy') !== 'true';
  const check = () => {
    const now = performance.now();
    const panels = [...document.querySelectorAll('.ant-layout-content [role="region"]')];
    const figures = [...document.querySelectorAll('[role="figure"]')];
    const overlay = document.querySelector('[role="progressbar"][aria-busy="true"]');
    const counters = panels.find((panel) => panel.getAttribute('aria-label') === 'Connected equipment');
    if (
      marks.counters === undefined &&
      counters &&
      answered(counters) &&
      /\d/.test(counters.textContent ?? '')
    ) {
      marks.counters = now;
    }
    // Filled: the overlay gone, at least `panelsExpected` panels, every one answered and every chart drawn.
    const filled = (somePanels, someFigures, panelsExpected) =>
      !overlay &&
      somePanels.length >= panelsExpected &&
      somePanels.every(answered) &&
      someFigures.length > 0 &&
      someFigures.every(drawn);
    // The first screen: the panels and charts in the viewport.
    if (marks.firstScreen === undefined && filled(panels.filter(inView), figures.filter(inView), 8)) {
      marks.firstScreen = now;
    }
    // Every panel: 4 counters, trend, services, tickets, top 10, 3 installed-version charts, 3 staged totals.
    if (marks.filled === undefined && filled(panels, figures, 14)) marks.filled = now;
    if (marks.filled === undefined) requestAnimationFrame(check);
  };
  window.addEventListener(
    'click',
    (event) => {
      marks.click = event.timeStamp;
      requestAnimationFrame(check);
    },
    { capture: true, once: true },
  );
}

/** Runs in the page: the milestones relative to the click, and when the token call was answered. */
function milestones() {
  const marks = window.__dashboardMilestones;
  const token = performance
    .getEntriesByType('resource')
    .find((entry) => entry.name.endsWith('/auth/token/v1'));
  const since = (time) => Math.round(time - marks.click);
  return {
    tokenMs: token ? since(token.responseEnd) : NaN,
    countersMs: since(marks.counters),
    firstScreenMs: since(marks.firstScreen),
    filledMs: since(marks.filled),
  };
}

/**
 * Signs in on a fresh page of `context` and answers the milestones; the page is closed signed out.
 * `prepare(page)` runs before the login page loads (dashboard-ab.mjs routes the document with it).
 */
export async function signIn(context, { url, username, password, slowdown = 1, prepare }) {
  const page = await context.newPage();
  if (slowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  await prepare?.(page);
  await page.addInitScript(watchMilestones);
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const tokenAnswered = page.waitForResponse((response) => response.url().endsWith('/auth/token/v1'));
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const token = await tokenAnswered;
  if (token.status() !== 200)
    throw new Error(`sign-in answered ${token.status()}: check BENCH_USER and BENCH_PASSWORD`);
  await page.waitForFunction(() => window.__dashboardMilestones.filled !== undefined, undefined, {
    timeout: 60_000,
  });
  const figures = await page.evaluate(milestones);
  // Signed out as Logout does (it clears the storage), so that the next run starts at the login page.
  await page.evaluate(() => localStorage.clear());
  await page.close();
  return figures;
}

/** The milestones each benchmark prints, in order: the figure's key and its label. */
export const MILESTONES = [
  ['tokenMs', 'LOGIN click -> token answered:      '],
  ['countersMs', 'LOGIN click -> live counters shown: '],
  ['firstScreenMs', 'LOGIN click -> first screen filled: '],
  ['filledMs', 'LOGIN click -> every panel filled:  '],
];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The settings every sign-in benchmark reads from the environment; exits with a hint when one is missing. */
export function benchSettings() {
  const url = (process.env.CONSOLE_URL ?? '').replace(/\/+$/, '');
  if (!url) {
    console.error('Set CONSOLE_URL to the running server, e.g. CONSOLE_URL=http://localhost:3000');
    process.exit(1);
  }
  const password = process.env.BENCH_PASSWORD ?? process.env.DEMO_PASSWORD ?? '';
  if (!password) {
    console.error('Set BENCH_PASSWORD (or DEMO_PASSWORD) to the password of BENCH_USER.');
    process.exit(1);
  }
  return {
    url,
    username: process.env.BENCH_USER ?? 'admin',
    password,
    runs: Number(process.env.BENCH_RUNS ?? 5),
    slowdown: Number(process.env.BENCH_CPU_SLOWDOWN ?? 1),
  };
}
