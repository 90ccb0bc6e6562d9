import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CLIENT_DIR } from '../scripts/client-build.ts';
import { serve } from '../scripts/serve.ts';
import { loadConfig } from '../server/config.ts';
import { createUser } from '../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import { assignSample } from '../server/services/sampling/assignments.ts';
import { drawSample } from '../server/services/sampling/samples.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import { openDatabase } from '../server/store/open.ts';
import { FACTORS } from '../shared/factors.ts';
import { createRng, type Rng } from '../shared/stats/rng.ts';
import { launchBrowser } from '../test/support/browser.ts';
import type { Bench, BenchFigure } from './harness.ts';

/**
 * The annotator workspace in Debian's Chromium: time to interactive for a 1,500-word argument, the
 * input-to-paint time of confirming a mark (from a Chrome performance trace), and the gzipped size
 * of the production bundle. Each has a floor measured in the same run: the same text as a static
 * page, a static page whose only script wraps three words in <mark>, React's own runtime (and the
 * least React app the same Vite builds).
 * docs/BENCHMARKS.md explains the method and keeps the figures.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STUDY = 'default';
const ANNOTATOR = { username: 'bench-annotator', password: 'bench-annotator-password-2025' };
const TARGET_WORDS = 1500;
const PARAGRAPHS_PER_PLY = 7;
const NAVIGATIONS = 7;
/** Marks confirmed under a trace; as many again, interleaved with them, without one (a cross-check). */
const MARKS = 10;
const VIEWPORT = { width: 1440, height: 1000 };
/** The floor pages are served by context.route under this path of the app's own origin. */
const FLOOR_PREFIX = '/__bench/';
/** What the trace is recorded with (devtools.timeline holds EventDispatch, Paint, Commit…). */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
/**
 * The frame events an input-to-paint time may end at. Chromium 156 emits Paint and Commit (plus
 * PrePaint and Layerize); PaintImage only for images, CompositeLayers no longer.
 */
const PAINT_EVENTS = ['Paint', 'PaintImage', 'Commit', 'CompositeLayers'] as const;

// ---------------------------------------------------------------------------------------------
// The argument: a deterministic 3-ply text of about 1,500 words with factor codes and names.

interface BenchArgument {
  text: string;
  words: number;
  /** Every paragraph (not the headings), in order. */
  paragraphs: string[];
  plies: { heading: string; paragraphs: string[] }[];
}

const PLIES = [
  { heading: "Plaintiff's argument:", own: 'the input case', cited: 'TSC1', side: 'P' },
  { heading: "Defendant's counterargument:", own: 'the input case', cited: 'TSC2', side: 'D' },
  { heading: "Plaintiff's rebuttal:", own: 'the input case', cited: 'TSC1', side: 'P' },
] as const;

type Factor = (typeof FACTORS)[number];

const SENTENCES: readonly ((factor: Factor, ply: (typeof PLIES)[number]) => string)[] = [
  (f, p) =>
    `In ${p.cited}, the court held that ${f.id} ${f.name} weighed heavily, and the same factor is present in ${p.own}.`,
  (f) => `The record shows that ${lowerFirst(f.meaning)} That is why ${f.id} applies here.`,
  (f, p) =>
    `The factor ${f.name} (${f.id}) favours the ${f.side === 'P' ? 'plaintiff' : 'defendant'}, and ${p.cited} decided the point on comparable facts.`,
  (f) =>
    `Nothing in the testimony suggests otherwise: the witnesses agreed on the circumstances that make ${f.name.toLowerCase().replaceAll('-', ' ')} relevant.`,
  (_f, p) =>
    `Courts applying the Uniform Trade Secrets Act have repeatedly looked at the whole course of dealing between the parties, and ${p.cited} is no exception to that approach.`,
  (f, p) =>
    `Where ${p.cited} turned on ${f.id}, the outcome followed from the strength of that factor rather than from a single piece of evidence.`,
  () =>
    'The information at issue consisted of customer lists, pricing formulas and the process specifications that the company had refined over several years of development.',
  (f) =>
    `Counsel may say that ${f.id} is outweighed, but no authority cited in the briefs treats ${f.name} as a minor consideration.`,
  (_f, p) =>
    `Taken together, these facts bring ${p.own} closer to ${p.cited} than to every other decision in the comparison set.`,
  (f) =>
    `It matters, too, that the parties never disputed the facts behind ${f.id}; they dispute only what weight the factor deserves.`,
];

function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

function countWords(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[rng.nextInt(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Three plies of seven paragraphs, sentences drawn with a fixed seed until about TARGET_WORDS words. */
export function buildArgument(seed = 1500): BenchArgument {
  const rng = createRng(seed);
  const paragraphCount = PLIES.length * PARAGRAPHS_PER_PLY;
  let words = 0;
  let index = 0;
  const plies = PLIES.map((ply) => {
    words += countWords(ply.heading);
    const paragraphs: string[] = [];
    for (let local = 0; local < PARAGRAPHS_PER_PLY; local += 1) {
      index += 1;
      const goal = Math.round((TARGET_WORDS * index) / paragraphCount);
      const sentences: string[] = [];
      while (words < goal || sentences.length < 2) {
        const factor = pick(
          rng,
          FACTORS.filter((candidate) => candidate.side === ply.side || rng.nextInt(4) === 0),
        );
        let sentence = pick(rng, SENTENCES)(factor, ply);
        while (sentence === sentences[sentences.length - 1]) sentence = pick(rng, SENTENCES)(factor, ply);
        sentences.push(sentence);
        words += countWords(sentence);
      }
      paragraphs.push(sentences.join(' '));
    }
    return { heading: ply.heading, paragraphs };
  });
  const text = plies.map((ply) => [ply.heading, ...ply.paragraphs].join('\n\n')).join('\n\n');
  return { text, words: countWords(text), paragraphs: plies.flatMap((ply) => ply.paragraphs), plies };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The argument as a plain page; `script` (inline) is the only JavaScript it has. */
function staticPage(argument: BenchArgument, script = ''): string {
  const body = argument.plies
    .map(
      (ply) =>
        `<h3>${escapeHtml(ply.heading)}</h3>\n${ply.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><main><div class="argument-text" tabindex="0">
${body}
</div></main>${script === '' ? '' : `<script>${script}</script>`}</body></html>`;
}

/** The floor of a mark: on Enter, the next paragraph's first three words go into a <mark>. */
const MARK_FLOOR_SCRIPT = `
let next = 0;
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  const paragraph = document.querySelectorAll('.argument-text p')[next++];
  const node = paragraph && paragraph.firstChild;
  if (!node) return;
  const words = /^\\S+\\s+\\S+\\s+\\S+/.exec(node.data);
  const range = document.createRange();
  range.setStart(node, 0);
  range.setEnd(node, words ? words[0].length : node.data.length);
  range.surroundContents(document.createElement('mark'));
});`;

// ---------------------------------------------------------------------------------------------
// Statistics and the trace.

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

function max(values: readonly number[]): number {
  return values.reduce((best, value) => Math.max(best, value), Number.NEGATIVE_INFINITY);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string; duration?: number } };
}

function isTraceEvent(value: unknown): value is TraceEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.name === 'string' &&
    typeof event.ph === 'string' &&
    typeof event.ts === 'number' &&
    typeof event.pid === 'number' &&
    typeof event.tid === 'number'
  );
}

function traceEvents(buffer: Buffer): TraceEvent[] {
  const parsed: unknown = JSON.parse(buffer.toString('utf8'));
  const list = Array.isArray(parsed)
    ? parsed
    : ((parsed as { traceEvents?: unknown } | null)?.traceEvents ?? []);
  return Array.isArray(list) ? list.filter(isTraceEvent) : [];
}

interface InputToPaint {
  /** keydown EventDispatch start → end of the first following frame event on the same thread (ms). */
  toPaint: number;
  /** The EventDispatch's own duration: the handlers and what React does inside them (ms). */
  scripting: number;
  /** The frame event the time ends at. */
  endEvent: string;
  /** keydown EventDispatch start → end of the first following Paint, when there is one (ms). */
  toPaintEvent: number | undefined;
  /**
   * The Event Timing entry of the same keydown (the trace's EventTiming event, not rounded to 8 ms):
   * from the input's time stamp to the presentation of the next frame, the measure INP is built on.
   */
  presented: number | undefined;
}

/**
 * From the first keydown EventDispatch to the end of the first frame event that starts after the
 * dispatch ends on the renderer's main thread (the thread the dispatch ran on). Complete events
 * ("X") only: that is how this Chromium records all of them.
 */
function inputToPaint(events: readonly TraceEvent[]): InputToPaint {
  const dispatch = events.find(
    (event) => event.name === 'EventDispatch' && event.ph === 'X' && event.args?.data?.type === 'keydown',
  );
  if (!dispatch) throw new Error('the trace holds no keydown EventDispatch');
  const dispatchEnd = dispatch.ts + (dispatch.dur ?? 0);
  const frames = events
    .filter(
      (event) =>
        (PAINT_EVENTS as readonly string[]).includes(event.name) &&
        event.ph === 'X' &&
        event.pid === dispatch.pid &&
        event.tid === dispatch.tid &&
        event.ts >= dispatchEnd,
    )
    .sort((a, b) => a.ts - b.ts);
  // The frame's last main-thread step: a Commit when this Chromium emits one, else its Paint.
  const paint = frames.find((event) => event.name === 'Paint');
  const commit = frames.find((event) => event.name === 'Commit' && (!paint || event.ts >= paint.ts));
  const end = commit ?? paint ?? frames[0];
  if (!end) throw new Error('the trace holds no paint after the keydown');
  // The keydown's EventTiming begins at the input's time stamp, just before the dispatch (the other
  // keydowns the trace reports, late, are earlier keys' entries).
  const timing = events
    .filter(
      (event) =>
        event.name === 'EventTiming' &&
        event.ph === 'b' &&
        event.args?.data?.type === 'keydown' &&
        event.ts <= dispatch.ts &&
        dispatch.ts - event.ts < 50_000,
    )
    .sort((a, b) => b.ts - a.ts)[0];
  return {
    toPaint: (end.ts + (end.dur ?? 0) - dispatch.ts) / 1000,
    scripting: (dispatch.dur ?? 0) / 1000,
    endEvent: end.name,
    toPaintEvent: paint ? (paint.ts + (paint.dur ?? 0) - dispatch.ts) / 1000 : undefined,
    presented: timing?.args?.data?.duration,
  };
}

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))),
      ),
  );
}

/** Records a trace around `press` (and whatever `settle` waits for), and reads the input-to-paint time. */
async function tracePress(
  label: string,
  browser: Browser,
  page: Page,
  press: () => Promise<void>,
  settle: () => Promise<void>,
): Promise<InputToPaint> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let buffer: Buffer;
  try {
    await press();
    await settle();
    await nextFrames(page);
  } finally {
    buffer = await browser.stopTracing();
  }
  const events = traceEvents(buffer);
  const keep = process.env.FA_BENCH_TRACE_DIR;
  if (keep) writeFileSync(join(keep, `${label}.json`), buffer);
  return inputToPaint(events);
}

// ---------------------------------------------------------------------------------------------
// Time to interactive.

type Probe = Window & { __faInteractiveAt?: number };

/**
 * Installed in every document of the context before one of its own scripts: from the first frame,
 * checks once per animation frame whether the page is "interactive" and keeps performance.now()
 * (milliseconds since the navigation started) of the first frame where it is. On the floor page
 * the text alone counts; on the app, the factor grid and the save status must be there as well.
 * Source text, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
function interactiveProbe(last: string): string {
  return `(() => {
  if (!location.protocol.startsWith('http')) return;
  const last = ${JSON.stringify(last)};
  const floor = location.pathname.startsWith(${JSON.stringify(FLOOR_PREFIX)});
  function tick() {
    const text = document.querySelector('.argument-text')?.textContent ?? '';
    const ready =
      text.includes(last) &&
      (floor ||
        (document.querySelector('.factor-grid') !== null && document.querySelector('[data-save-state]') !== null));
    if (ready) window.__faInteractiveAt = performance.now();
    else requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();`;
}

interface KeydownTiming {
  start: number;
  processing: number;
  duration: number;
}
type Timings = Window & { __faKeydowns?: KeydownTiming[] };

/** Keeps the page's keydown Event Timing entries (the API reports those of 16 ms or more, rounded to 8 ms). */
const EVENT_TIMING_PROBE = `(() => {
  if (typeof PerformanceObserver === 'undefined') return;
  const kept = (window.__faKeydowns = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown')
        kept.push({ start: entry.startTime, processing: entry.processingEnd - entry.processingStart, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/** A new page, navigated to `url`; the probe's time once the page is interactive (ms from navigation start). */
async function timeToInteractive(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => (window as Probe).__faInteractiveAt, undefined, {
      polling: 'raf',
      timeout: 30_000,
    });
    const at = await handle.jsonValue();
    if (typeof at !== 'number') throw new Error(`${url} never became interactive`);
    return at;
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Marks by keyboard.

/**
 * As the browser test does: T, ↓ to the next paragraph, two words more, Enter; "security", Enter
 * (unless the words name a factor, which the palette then has chosen); 2 for TSC1 unless the last
 * mark's TSC1 is on already.
 */
async function openMarkPalette(page: Page): Promise<void> {
  await page.locator('[data-save-state="saved"]').waitFor();
  await page.keyboard.press('t');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  const palette = page.getByRole('dialog', { name: /Mark/ });
  await palette.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('.palette') !== null);
  if ((await palette.getByRole('combobox').count()) > 0) {
    await page.keyboard.type('security');
    await page.keyboard.press('Enter');
  }
  const tsc1 = palette.getByRole('checkbox', { name: /^TSC1/ });
  await tsc1.waitFor();
  if (!(await tsc1.isChecked())) await page.keyboard.press('2');
  await waitUntil(() => tsc1.isChecked());
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the workspace');
    await new Promise((done) => setTimeout(done, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// The bundle.

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Gzipped bytes of the built client's assets: the JS that index.html loads (the entry chunk, what an
 * annotator's workspace downloads: the budget), the JS loaded on demand by one screen (the report
 * screen's chunk, with Observable Plot), and the CSS (a concurrent rebuild may move the folder: retried).
 */
function bundleSizes(): { js: number; lazyJs: number; css: number; entry: string[]; lazy: string[] } {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const assets = join(CLIENT_DIR, 'assets');
      const files = readdirSync(assets).sort();
      const html = readFileSync(join(CLIENT_DIR, 'index.html'), 'utf8');
      const entry = files.filter((file) => file.endsWith('.js') && html.includes(`/assets/${file}`));
      const lazy = files.filter((file) => file.endsWith('.js') && !entry.includes(file));
      const sum = (list: readonly string[]) =>
        list.reduce((total, file) => total + gzippedSize(join(assets, file)), 0);
      return {
        js: sum(entry),
        lazyJs: sum(lazy),
        css: sum(files.filter((file) => file.endsWith('.css'))),
        entry,
        lazy,
      };
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** React's production runtime as published: the files a client bundle of React 19 takes them from. */
function reactRuntimeSize(): { bytes: number; files: string[] } {
  const candidates = [
    'react/cjs/react.production.js',
    'react-dom/cjs/react-dom-client.production.js',
    'react-dom/cjs/react-dom.production.js',
  ];
  const files = candidates.map((file) => join(ROOT, 'node_modules', file));
  return { bytes: files.reduce((total, file) => total + gzippedSize(file), 0), files: candidates };
}

/** The least a React client can ship: createRoot + render of one element, built by the same Vite, gzipped. */
async function minimalReactAppSize(outDir: string): Promise<number> {
  const id = 'virtual:bench-react-floor';
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    plugins: [
      {
        name: 'bench-react-floor',
        resolveId: (source) => (source === id ? `\0${id}` : undefined),
        load: (source) =>
          source === `\0${id}`
            ? "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.body).render(createElement('p', null, 'floor'));\n"
            : undefined,
      },
    ],
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: id } },
  });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((total, file) => total + gzippedSize(join(assets, file)), 0);
}

// ---------------------------------------------------------------------------------------------
// The run.

/** The study the bench opens: one triple, the argument, the annotator, and the one item assigned to them. */
async function seedWorkspaceStudy(database: string, argument: BenchArgument): Promise<void> {
  const db = await openDatabase(database);
  try {
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'triples',
      study: STUDY,
      sourceName: 'bench: one triple',
      values: [
        {
          id: 'bench-t1',
          mode: 'arguable',
          current: { factors: ['F4', 'F6', 'F15'] },
          tsc1: { factors: ['F4', 'F6'], outcome: 'plaintiff' },
          tsc2: { factors: ['F15', 'F16'], outcome: 'defendant' },
        },
      ],
    });
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      study: STUDY,
      sourceName: 'bench: one argument',
      values: [{ id: 'bench-a1', triple_id: 'bench-t1', model: 'bench-model', test: 1, text: argument.text }],
    });
    await createUser(db, CLI_ACTOR, { ...ANNOTATOR, roles: ['annotator'] });
    const study = await requireStudy(db, STUDY);
    await drawSample(
      db,
      study,
      { size: 1, seed: 1, allocation: 'equal', strata: ['model', 'test'], excludeSampled: false },
      CLI_ACTOR,
    );
    await assignSample(
      db,
      study,
      { annotators: [ANNOTATOR.username], perItem: 1, seed: 1, calibration: [] },
      CLI_ACTOR,
    );
  } finally {
    await db.close();
  }
}

/**
 * A browser context with the probes installed and the floor pages served under FLOOR_PREFIX, logged
 * in as the annotator (through the API; the session cookie stays in the context); resolves to it and
 * the URL of the annotator's item.
 */
async function annotatorContext(
  browser: Browser,
  base: string,
  argument: BenchArgument,
  last: string,
): Promise<{ context: BrowserContext; itemUrl: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: interactiveProbe(last) });
  await context.addInitScript({ content: EVENT_TIMING_PROBE });
  const readingPage = staticPage(argument);
  const markingPage = staticPage(argument, MARK_FLOOR_SCRIPT);
  await context.route(`${base}${FLOOR_PREFIX}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: route.request().url().endsWith('marking.html') ? markingPage : readingPage,
    }),
  );
  const login = await context.request.post(`${base}/api/auth/login`, {
    data: { username: ANNOTATOR.username, password: ANNOTATOR.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const queueResponse = await context.request.get(`${base}/api/studies/${STUDY}/queue`);
  const queue = (await queueResponse.json()) as { items: { itemKey: string }[] };
  const itemKey = queue.items[0]?.itemKey;
  if (itemKey === undefined) throw new Error('the annotator has no item');
  return { context, itemUrl: `${base}/studies/${STUDY}/items/${itemKey}` };
}

/** Time to interactive of the app and of the static floor, alternating. */
async function interactiveTimes(context: BrowserContext, itemUrl: string, base: string) {
  const appTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let run = 0; run < NAVIGATIONS; run += 1) {
    appTimes.push(await timeToInteractive(context, itemUrl));
    floorTimes.push(await timeToInteractive(context, `${base}${FLOOR_PREFIX}reading.html`));
  }
  return { appTimes, floorTimes };
}

/**
 * Input to paint of the Enter that confirms a mark: twenty marks on twenty paragraphs, every other one
 * under a trace, the rest read from the Event Timing API without one.
 */
async function appMarkTimes(browser: Browser, context: BrowserContext, itemUrl: string) {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(itemUrl);
  await page.locator('.factor-grid').waitFor();
  const markTimes: InputToPaint[] = [];
  const untraced: KeydownTiming[] = [];
  let untracedUnreported = 0;
  const marksList = page.getByRole('list', { name: 'Marks' }).getByRole('listitem');
  for (let mark = 0; mark < 2 * MARKS; mark += 1) {
    await openMarkPalette(page);
    const before = await marksList.count();
    const press = () => page.keyboard.press('Enter');
    const settle = async () => {
      await page.getByRole('dialog', { name: /Mark/ }).waitFor({ state: 'detached' });
      await waitUntil(async () => (await marksList.count()) > before);
    };
    if (mark % 2 === 0) {
      markTimes.push(await tracePress(`mark-app-${mark / 2 + 1}`, browser, page, press, settle));
      continue;
    }
    const since = await page.evaluate(() => performance.now());
    await press();
    await settle();
    await nextFrames(page);
    const entry = await page.evaluate(
      (after) => (window as Timings).__faKeydowns?.find((timing) => timing.start >= after),
      since,
    );
    if (entry) untraced.push(entry);
    else untracedUnreported += 1;
  }
  await page.locator('[data-save-state="saved"]').waitFor();
  if (errors.length > 0) throw new Error(`the workspace threw: ${errors.join('; ')}`);
  await page.close();
  return { markTimes, untraced, untracedUnreported };
}

/** The floor of a mark, traced: Enter on the static page whose script wraps three words in <mark>. */
async function floorMarkTimes(
  browser: Browser,
  context: BrowserContext,
  base: string,
): Promise<InputToPaint[]> {
  const floorPage = await context.newPage();
  await floorPage.goto(`${base}${FLOOR_PREFIX}marking.html`);
  await floorPage.locator('.argument-text').focus();
  const times: InputToPaint[] = [];
  for (let mark = 0; mark < MARKS; mark += 1)
    times.push(
      await tracePress(
        `mark-floor-${mark + 1}`,
        browser,
        floorPage,
        () => floorPage.keyboard.press('Enter'),
        () => floorPage.locator('mark').nth(mark).waitFor(),
      ),
    );
  await floorPage.close();
  return times;
}

/** A median and a max figure, each against the same statistic of the floor. */
function spread(
  name: string,
  app: readonly number[],
  floorName: string,
  floor: readonly number[],
): BenchFigure[] {
  return [
    {
      name: `${name}, median of ${app.length}`,
      value: median(app),
      unit: 'ms',
      floor: { name: `${floorName} (median of ${floor.length})`, value: median(floor) },
    },
    {
      name: `${name}, max`,
      value: max(app),
      unit: 'ms',
      floor: { name: `${floorName} (max)`, value: max(floor) },
    },
  ];
}

const defined = (values: readonly (number | undefined)[]) =>
  values.filter((value): value is number => value !== undefined);

interface WorkspaceMeasures {
  words: number;
  appTimes: number[];
  floorTimes: number[];
  markTimes: InputToPaint[];
  floorMarkTimes: InputToPaint[];
  untraced: KeydownTiming[];
  untracedUnreported: number;
  bundle: ReturnType<typeof bundleSizes>;
  react: ReturnType<typeof reactRuntimeSize>;
  minimalApp: number;
}

/** The figures of the run, each with its floor where it has one. */
function workspaceFigures(measures: WorkspaceMeasures): BenchFigure[] {
  const { markTimes, floorMarkTimes, untraced, bundle, react } = measures;
  const endEvents = [...new Set([...markTimes, ...floorMarkTimes].map((time) => time.endEvent))];
  const markFloor = 'static page, inline handler wraps 3 words in <mark>';
  return [
    ...spread(
      `${measures.words.toLocaleString('en-US')}-word argument interactive (text, factor grid, save status), from navigation start`,
      measures.appTimes,
      'same text as a static page, no JS',
      measures.floorTimes,
    ),
    ...spread(
      `confirming a mark: keydown dispatch to end of the next ${endEvents.join('/')} (trace)`,
      markTimes.map((time) => time.toPaint),
      markFloor,
      floorMarkTimes.map((time) => time.toPaint),
    ),
    ...spread(
      'confirming a mark: scripting, the keydown EventDispatch (trace)',
      markTimes.map((time) => time.scripting),
      markFloor,
      floorMarkTimes.map((time) => time.scripting),
    ),
    ...spread(
      'confirming a mark: input time stamp to frame presented, EventTiming (trace)',
      defined(markTimes.map((time) => time.presented)),
      markFloor,
      defined(floorMarkTimes.map((time) => time.presented)),
    ),
    {
      name: `untraced marks: keydown processing, Event Timing API, median of ${untraced.length} (${measures.untracedUnreported} under 16 ms, not reported)`,
      value: median(untraced.map((timing) => timing.processing)),
      unit: 'ms',
    },
    {
      name: 'untraced marks: keydown to next paint, Event Timing API (8-ms steps), median',
      value: median(untraced.map((timing) => timing.duration)),
      unit: 'ms',
    },
    {
      name: `production JS the workspace loads, gzipped (level 9; ${bundle.entry.join(', ')})`,
      value: bundle.js / 1000,
      unit: 'kB',
      floor: { name: `React runtime gzipped (${react.files.join(' + ')})`, value: react.bytes / 1000 },
    },
    {
      name: 'production JS gzipped, against the least React app',
      value: bundle.js / 1000,
      unit: 'kB',
      floor: {
        name: 'createRoot + render of one element, built by the same Vite, gzipped',
        value: measures.minimalApp / 1000,
      },
    },
    {
      name: `JS loaded on demand by one screen, gzipped (${bundle.lazy.join(', ') || 'none'})`,
      value: bundle.lazyJs / 1000,
      unit: 'kB',
    },
    { name: 'production CSS gzipped', value: bundle.css / 1000, unit: 'kB' },
  ];
}

const bench: Bench = {
  name: 'annotator workspace in Chromium (1,500-word argument)',
  async run() {
    const argument = buildArgument();
    const last = argument.paragraphs[argument.paragraphs.length - 1];
    if (last === undefined) throw new Error('the argument has no paragraphs');
    const dir = mkdtempSync(join(tmpdir(), 'fa-bench-workspace-'));
    const database = join(dir, 'bench.db');
    await seedWorkspaceStudy(database, argument);

    let server: Server | undefined;
    let browser: Browser | undefined;
    try {
      server = await serve(loadConfig({ PORT: '0', FACTOR_AUDIT_DB: database }), () => {});
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      browser = await launchBrowser();
      const { context, itemUrl } = await annotatorContext(browser, base, argument, last);
      // 1. Time to interactive; 2. input to paint of a mark, the app's and the floor's.
      const { appTimes, floorTimes } = await interactiveTimes(context, itemUrl, base);
      const { markTimes, untraced, untracedUnreported } = await appMarkTimes(browser, context, itemUrl);
      const floorMarks = await floorMarkTimes(browser, context, base);
      await context.close();

      // 3. The bundle (serve() ran ensureClientBuilt), React's runtime, a minimal React app.
      const bundle = bundleSizes();
      const react = reactRuntimeSize();
      const minimalApp = await minimalReactAppSize(join(dir, 'react-floor'));

      const figures = workspaceFigures({
        words: argument.words,
        appTimes,
        floorTimes,
        markTimes,
        floorMarkTimes: floorMarks,
        untraced,
        untracedUnreported,
        bundle,
        react,
        minimalApp,
      });
      if (process.env.FA_BENCH_VERBOSE)
        console.log(
          JSON.stringify(
            {
              appTimes,
              floorTimes,
              markTimes,
              floorMarkTimes: floorMarks,
              untraced,
              bundle,
              react,
              minimalApp,
            },
            null,
            1,
          ),
        );
      return figures;
    } finally {
      await browser?.close();
      if (server?.listening) {
        const listening = server;
        await new Promise<void>((done) => {
          listening.close(() => done());
          listening.closeAllConnections();
        });
      }
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default bench;
