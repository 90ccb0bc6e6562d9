/**
 * A tiny, safe Markdown reader for the annotation guidelines: it turns the source into a small
 * syntax tree of plain strings, which the `Markdown` component renders as React elements. Nothing
 * is ever turned into HTML or executed — raw HTML in the source (`<think>`, `<script>`) is text
 * like every other — so the guidelines file cannot inject markup into the workspace.
 *
 * Supported, because the guidelines use them: headings `#`…`###` (deeper ones count as `###`),
 * paragraphs (lines joined by spaces), one level of `-`/`*`/`+` or `1.` lists (nested items are
 * flattened into it), `**strong**`, `*emphasis*`, `` `code` ``, backslash escapes and `---` rules.
 * Quotes ("…") are left as typed. Anything else (links, tables, fences) shows as its own text.
 */

export type MarkdownInline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly MarkdownInline[] }
  | { readonly type: 'emphasis'; readonly children: readonly MarkdownInline[] };

export type MarkdownBlock =
  | { readonly type: 'heading'; readonly level: 1 | 2 | 3; readonly children: readonly MarkdownInline[] }
  | { readonly type: 'paragraph'; readonly children: readonly MarkdownInline[] }
  | {
      readonly type: 'list';
      readonly ordered: boolean;
      /** The number of the first item of an ordered list (1 for bullets). */
      readonly start: number;
      readonly items: readonly (readonly MarkdownInline[])[];
    }
  | { readonly type: 'rule' };

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const LIST_ITEM = /^([ \t]*)([-*+]|(\d{1,9})[.)])[ \t]+(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BLANK = /^[ \t]*$/;

interface OpenList {
  ordered: boolean;
  start: number;
  items: string[][];
  /** A blank line ended the last item: only an indented line or a new item continues the list. */
  afterBlank: boolean;
}

/**
 * Reads Markdown source into blocks, line by line (see the module comment for what is supported).
 * A list item continues over the lines that follow it (indented or not) until a blank line; after
 * a blank line, an indented line still continues it, and the next item of the same kind continues
 * the list. Runs in time linear in the source.
 *
 * @example parseMarkdown('## Task\nMark **every** factor.')
 * // [{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Task' }] },
 * //  { type: 'paragraph', children: [text 'Mark ', strong [text 'every'], text ' factor.'] }]
 */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: OpenList | undefined;
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list)
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        start: list.start,
        items: list.items.map((lines) => parseInline(lines.join(' '))),
      });
    list = undefined;
  };

  for (const line of source.split(/\r\n|\r|\n/)) {
    if (BLANK.test(line)) {
      flushParagraph();
      if (list) list.afterBlank = true;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      const level = Math.min((heading[1] ?? '#').length, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') });
      continue;
    }
    if (RULE.test(line)) {
      flushParagraph();
      flushList();
      blocks.push({ type: 'rule' });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flushParagraph();
      const ordered = item[3] !== undefined;
      const nested = (item[1] ?? '').length > 0;
      // A nested item joins the open list whatever its kind: lists are one level deep here.
      if (!list || (list.ordered !== ordered && !nested)) {
        flushList();
        list = { ordered, start: ordered ? Number(item[3]) : 1, items: [], afterBlank: false };
      }
      list.items.push([(item[4] ?? '').trim()]);
      list.afterBlank = false;
      continue;
    }
    const indented = /^[ \t]/.test(line);
    const lastItem = list?.items[list.items.length - 1];
    if (list && lastItem && (!list.afterBlank || indented)) {
      lastItem.push(line.trim());
      list.afterBlank = false;
      continue;
    }
    flushList();
    paragraph.push(line.trim());
  }
  flushParagraph();
  flushList();
  return blocks;
}

/**
 * The heading level to render a Markdown heading at, shifted by `offset` so the guidelines' own
 * headings nest under the page's, and kept within h1…h6.
 *
 * @example headingLevel(1, 2) // 3 — the guidelines' "#" becomes an h3 under the panel's h2
 */
export function headingLevel(level: number, offset: number): 1 | 2 | 3 | 4 | 5 | 6 {
  return Math.min(6, Math.max(1, Math.trunc(level + offset))) as 1 | 2 | 3 | 4 | 5 | 6;
}

// ---------------------------------------------------------------------------------------------
// Inline

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'delimiter'; size: 1 | 2; canOpen: boolean; canClose: boolean };

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;

/** Where each run of backticks starts and how long it is, with the runs of each length in order. */
function backtickRuns(text: string): { start: number; length: number }[] {
  const runs: { start: number; length: number }[] = [];
  for (let at = text.indexOf('`'); at !== -1; ) {
    let end = at;
    while (text[end] === '`') end += 1;
    runs.push({ start: at, length: end - at });
    at = text.indexOf('`', end);
  }
  return runs;
}

/**
 * Splits text into literal text, code spans and `*` delimiter runs. A code span runs from a
 * backtick run to the next run of the same length (CommonMark); finding it advances one pointer
 * per length, so the whole split stays linear. A delimiter can open when a non-space follows it
 * and close when a non-space precedes it; a run of three or more is read as pairs, then a single.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const runs = backtickRuns(text);
  const nextRunOfLength = new Map<number, number>();
  let runIndex = 0;
  let buffer = '';
  const flush = () => {
    if (buffer !== '') tokens.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? '';
    if (char === '\\' && ESCAPABLE.test(text[at + 1] ?? '')) {
      buffer += text[at + 1];
      at += 2;
    } else if (char === '`') {
      while ((runs[runIndex]?.start ?? Number.POSITIVE_INFINITY) < at) runIndex += 1;
      const run = runs[runIndex];
      if (run === undefined || run.start !== at) {
        // The rest of a run whose first backtick was escaped ("\\``"): literal, like the escaped one.
        buffer += '`';
        at += 1;
        continue;
      }
      let search = Math.max(nextRunOfLength.get(run.length) ?? 0, runIndex + 1);
      while (search < runs.length && runs[search]?.length !== run.length) search += 1;
      nextRunOfLength.set(run.length, search);
      const close = runs[search];
      if (close === undefined) {
        buffer += '`'.repeat(run.length);
      } else {
        flush();
        let code = text.slice(run.start + run.length, close.start);
        // CommonMark strips one space on each side, so `` ` `` can show a backtick.
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
          code = code.slice(1, -1);
        tokens.push({ kind: 'code', text: code });
        at = close.start + close.length;
        runIndex = search + 1;
        continue;
      }
      at += run.length;
      runIndex += 1;
    } else if (char === '*') {
      let end = at;
      while (text[end] === '*') end += 1;
      const before = text[at - 1];
      const after = text[end];
      const canOpen = after !== undefined && !SPACE.test(after);
      const canClose = before !== undefined && !SPACE.test(before);
      flush();
      for (let left = end - at; left > 0; left -= left >= 2 ? 2 : 1)
        tokens.push({ kind: 'delimiter', size: left >= 2 ? 2 : 1, canOpen, canClose });
      at = end;
    } else {
      buffer += char;
      at += 1;
    }
  }
  flush();
  return tokens;
}

interface Frame {
  /** The delimiter that opened this frame (undefined for the root). */
  size: 1 | 2 | undefined;
  children: MarkdownInline[];
}

/** Appends, merging with a preceding text node so the tree has no two texts side by side. */
function append(children: MarkdownInline[], node: MarkdownInline): void {
  const last = children[children.length - 1];
  if (node.type === 'text' && last?.type === 'text')
    children[children.length - 1] = { type: 'text', text: last.text + node.text };
  else if (node.type !== 'text' || node.text !== '') children.push(node);
}

/**
 * Folds the unclosed frames `stack[from…]` into `stack[from - 1]`, as literal stars followed by
 * their contents. They are folded in stack order in one pass, not each into the next: each frame's
 * content came after its parent's, so the order is right, and every node is copied only once
 * (folding them pairwise would copy deep content once per level: quadratic).
 */
function collapseFrom(stack: Frame[], from: number, open: Record<1 | 2, number>): void {
  const into = stack[from - 1];
  if (into === undefined) return;
  for (const frame of stack.slice(from)) {
    if (frame.size === undefined) continue;
    open[frame.size] -= 1;
    append(into.children, { type: 'text', text: '*'.repeat(frame.size) });
    for (const child of frame.children) append(into.children, child);
  }
  stack.length = from;
}

/**
 * Reads inline Markdown — `**strong**`, `*emphasis*`, `` `code` ``, backslash escapes — into
 * nodes; every other character is text, as typed. A closing delimiter closes the nearest open one
 * of the same size; openers it passes over, and those left open at the end, are shown as literal
 * stars. An empty pair ("****") is literal too. Linear in the text: each frame is opened and
 * closed or collapsed once.
 *
 * @example parseInline('the **current case** and `F4`')
 * // [text 'the ', strong [text 'current case'], text ' and ', code 'F4']
 */
export function parseInline(text: string): MarkdownInline[] {
  const root: Frame = { size: undefined, children: [] };
  const stack: Frame[] = [root];
  const open: Record<1 | 2, number> = { 1: 0, 2: 0 };
  for (const token of tokenize(text)) {
    const top = stack[stack.length - 1] ?? root;
    if (token.kind === 'text') append(top.children, { type: 'text', text: token.text });
    else if (token.kind === 'code') append(top.children, { type: 'code', text: token.text });
    else if (token.canClose && open[token.size] > 0) {
      // The nearest opener of this size; the frames above it were never closed and fold into it.
      let opener = stack.length - 1;
      while (opener > 0 && stack[opener]?.size !== token.size) opener -= 1;
      collapseFrom(stack, opener + 1, open);
      const frame = stack.pop() ?? root;
      open[token.size] -= 1;
      const parent = stack[stack.length - 1] ?? root;
      if (frame.children.length === 0)
        append(parent.children, { type: 'text', text: '*'.repeat(token.size * 2) });
      else
        append(parent.children, { type: token.size === 2 ? 'strong' : 'emphasis', children: frame.children });
    } else if (token.canOpen) {
      stack.push({ size: token.size, children: [] });
      open[token.size] += 1;
    } else append(top.children, { type: 'text', text: '*'.repeat(token.size) });
  }
  collapseFrom(stack, 1, open);
  return root.children;
}
