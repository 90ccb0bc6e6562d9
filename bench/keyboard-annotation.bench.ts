import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { serve } from '../scripts/serve.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_STUDY } from '../server/services/demo/demo.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import { findArgumentByRowId } from '../server/store/arguments.ts';
import { listAssignmentsOfUser } from '../server/store/assignments.ts';
import { openDatabase } from '../server/store/open.ts';
import { findUserByName } from '../server/store/users.ts';
import { annotationItemSchema } from '../shared/annotation-api.ts';
import { buildDemoStudy } from '../shared/demo/build-demo.ts';
import { answerKeyJudgement } from '../shared/demo/simulate-annotations.ts';
import type { Judgement, Span } from '../shared/schemas/annotation.ts';
import { launchBrowser, logIn } from '../test/support/browser.ts';
import type { Bench, BenchFigure } from './harness.ts';
import {
  countKeys,
  KEYS_AFTER,
  KEYS_BEFORE,
  type Keymap,
  type KeyStep,
  type PlannedMark,
  planItem,
} from './keyboard-plan.ts';

/**
 * Key presses to annotate the first three items of the demo annotator alice's queue completely by
 * keyboard — every mention the demo's writer put in the text marked for every case it names, with its
 * polarity and style, the abstention flags, then Ctrl+Enter — counted on a plan found by search
 * (bench/keyboard-plan.ts) and run in Chromium; the saved annotations are then read back through the
 * API and must equal the plan. A count, not a time: it depends on the keys, not on the machine.
 * `FA_KEYMAP=before|after` picks the keys (default: the current workspace's). docs/BENCHMARKS.md keeps
 * the figures.
 */

const ITEMS = 3;
const ALICE = { username: 'alice', password: 'alice-demo-2025' };
/** `before` runs only against the workspace of commit 741980a (the keys it describes); see docs/BENCHMARKS.md. */
const KEYMAPS: Readonly<Record<string, Keymap>> = { before: KEYS_BEFORE, after: KEYS_AFTER };
const CURRENT_KEYMAP = 'after';

interface Item {
  readonly itemKey: string;
  readonly position: number;
  readonly text: string;
  readonly finishReason: string | null;
  /** The writer's answer key, without its comment (an annotator writes none). */
  readonly target: Judgement;
}

async function demoItems(databaseFile: string): Promise<Item[]> {
  const demo = buildDemoStudy();
  const db = await openDatabase(databaseFile);
  try {
    const study = await requireStudy(db, DEMO_STUDY);
    const alice = await findUserByName(db, ALICE.username);
    if (!alice) throw new Error('the demo has no alice');
    return await Promise.all(
      (await listAssignmentsOfUser(db, study.id, alice.id))
        .sort((a, b) => a.position - b.position)
        .slice(0, ITEMS)
        .map(async (assignment) => {
          const argument = await findArgumentByRowId(db, assignment.argumentRowId);
          const key = argument && demo.answerKey.get(argument.record.id);
          if (!argument || !key) throw new Error(`no answer key for item ${assignment.position}`);
          const { comment: _comment, ...target } = answerKeyJudgement(
            key,
            argument.record.finish_reason === 'length',
          );
          return {
            itemKey: assignment.itemKey,
            position: assignment.position,
            text: argument.record.text,
            finishReason: argument.record.finish_reason ?? null,
            target,
          };
        }),
    );
  } finally {
    await db.close();
  }
}

async function run(page: Page, steps: readonly KeyStep[]): Promise<void> {
  for (const step of steps) {
    // The plan writes chords as the workspace's key lists do (`Ctrl+…`); Playwright names it Control.
    if (step.kind === 'press') await page.keyboard.press(step.key.replace(/\bCtrl\b/gu, 'Control'));
    else if (step.kind === 'type') await page.keyboard.type(step.text);
    else if (step.until === 'find-open')
      await page.waitForFunction(() => document.activeElement?.closest('.find-bar') !== null);
    else if (step.until === 'palette-factor')
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    else if (step.until === 'palette-details')
      await page.waitForFunction(() => {
        const active = document.activeElement;
        return active?.closest('.palette') !== null && active?.getAttribute('role') !== 'combobox';
      });
    else await page.waitForFunction(() => document.querySelector('.palette') === null);
  }
}

const spanKey = (span: Pick<Span, 'start' | 'end' | 'case' | 'factor' | 'polarity' | 'style'>) =>
  `${span.start}-${span.end} ${span.case} ${span.factor} ${span.polarity} ${span.style}`;

/** What the plan must have saved: the target's lists and flags, and its marks' spans (one per case). */
function expectSaved(item: Item, marks: readonly PlannedMark[], saved: Judgement): void {
  const problems: string[] = [];
  for (const field of ['current', 'tsc1', 'tsc2'] as const)
    if (saved[field].join() !== item.target[field].join())
      problems.push(`${field}: saved ${saved[field].join()} for ${item.target[field].join()}`);
  for (const flag of ['abstained', 'exact_phrase', 'truncated'] as const)
    if (saved[flag] !== item.target[flag]) problems.push(`${flag}: saved ${saved[flag]}`);
  const planned = marks
    .flatMap((mark) => mark.cases.map((caseId) => spanKey({ ...mark, ...mark.range, case: caseId })))
    .sort();
  const got = saved.spans.map(spanKey).sort();
  if (planned.join('\n') !== got.join('\n'))
    problems.push(`spans: saved\n  ${got.join('\n  ')}\nplanned\n  ${planned.join('\n  ')}`);
  if (problems.length > 0)
    throw new Error(`item ${item.position} was not annotated as planned:\n${problems.join('\n')}`);
}

const bench: Bench = {
  name: 'keyboard annotation (key presses, three demo items)',
  run: async () => {
    const keymapName = process.env.FA_KEYMAP ?? CURRENT_KEYMAP;
    const keymap = KEYMAPS[keymapName];
    if (!keymap) throw new Error(`FA_KEYMAP is one of ${Object.keys(KEYMAPS).join(', ')}`);
    const directory = mkdtempSync(join(tmpdir(), 'fa-keys-'));
    const databaseFile = join(directory, 'demo.db');
    const browser = await launchBrowser();
    let server: Server | undefined;
    try {
      server = await serve(
        loadConfig({ PORT: '0', FACTOR_AUDIT_DB: databaseFile, LOG_LEVEL: 'silent' }),
        () => {},
      );
      const address = server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const items = await demoItems(databaseFile);
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await logIn(page, baseUrl, ALICE.username, ALICE.password);
      await page.getByRole('table', { name: /Your items/ }).waitFor();
      // Not counted: the queue's Enter that opens the first item (the same with every keymap).
      await page.keyboard.press('Enter');
      const figures: BenchFigure[] = [];
      const totals = { total: 0, navigate: 0, palette: 0, other: 0, marks: 0, inexact: 0 };
      for (const item of items) {
        await page.getByRole('heading', { name: new RegExp(`^Item ${item.position} of`) }).waitFor();
        await page.locator('[data-save-state]').waitFor();
        const { steps, marks } = planItem(keymap, item.text, item.finishReason, item.target);
        await run(page, steps);
        // Submitting opens the next item; the annotation is final by then.
        await page.waitForURL((url) => !url.pathname.endsWith(item.itemKey));
        const response = await page.request.get(`${baseUrl}/api/studies/${DEMO_STUDY}/items/${item.itemKey}`);
        const saved = annotationItemSchema.parse(await response.json()).annotation;
        if (saved?.status !== 'submitted') throw new Error(`item ${item.position} was not submitted`);
        expectSaved(item, marks, saved.judgement);
        const counts = countKeys(steps);
        const inexact = marks.filter(
          (mark) =>
            !item.target.spans.some((span) => span.start === mark.range.start && span.end === mark.range.end),
        ).length;
        if (process.env.FA_BENCH_VERBOSE === '1')
          console.log(
            `  item ${item.position}: ${steps
              .map((step) =>
                step.kind === 'press' ? step.key : step.kind === 'type' ? `"${step.text}"` : '',
              )
              .filter(Boolean)
              .join(' ')}`,
          );
        figures.push({
          name: `item ${item.position} (${item.text.split(/\s+/u).length} words, ${marks.length} marks, ${keymap.name} keys): key presses`,
          value: counts.total,
          unit: 'presses',
          floor: {
            name: 'the palette, flags and submit alone (no navigation)',
            value: counts.total - counts.navigate,
          },
        });
        totals.total += counts.total;
        totals.navigate += counts.navigate;
        totals.palette += counts.palette;
        totals.other += counts.other;
        totals.marks += marks.length;
        totals.inexact += inexact;
      }
      figures.push(
        {
          name: `three items (${keymap.name} keys): key presses`,
          value: totals.total,
          unit: 'presses',
          floor: {
            name: 'the palette, flags and submit alone (no navigation)',
            value: totals.total - totals.navigate,
          },
        },
        { name: 'of which reaching and selecting words', value: totals.navigate, unit: 'presses' },
        { name: 'of which in the palette', value: totals.palette, unit: 'presses' },
        { name: 'of which T, flags and Ctrl+Enter', value: totals.other, unit: 'presses' },
        { name: 'marks made', value: totals.marks, unit: 'marks' },
        {
          name: 'marks whose range differs from the mention (the keys cannot select it exactly)',
          value: totals.inexact,
          unit: 'marks',
        },
      );
      await context.close();
      return figures;
    } finally {
      await browser.close();
      if (server) await new Promise((done) => server?.close(done));
      rmSync(directory, { recursive: true, force: true });
    }
  },
};

export default bench;
