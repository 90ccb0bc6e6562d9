import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** A file whose text may cite documents: a Markdown page, or a TypeScript source (its comments and strings). */
export interface CitingFile {
  /** Path from the repository root, `/`-separated. */
  path: string;
  text: string;
}

/** A citation that does not lead to a document of the repository (or to a section of it). */
export interface BrokenCitation {
  file: string;
  line: number;
  citation: string;
  problem: string;
}

/** What the checker may ask of the repository: whether a file is there, and a document's text. */
export interface Repository {
  /** The text of the file at this root-relative path, or `undefined` when there is none. */
  read(path: string): string | undefined;
}

/**
 * A document reference: a Markdown path or bare file name, then optionally a `#anchor` or a ` §N.M`
 * section. Not preceded by a path or URL character, so `https://host/x/README.md` starts nowhere.
 */
const REFERENCE =
  /(?<![\w./:-])((?:\.{1,2}\/|\/)?(?:[\w.-]+\/)*[\w-]+\.md)(?![\w-])(#[\w\p{L}-]+)?(?:[`)*]*,?\s*§\s*(\d+(?:\.\d+)*))?/gu;

/** Folders that hold no citing text of ours. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'test-artifacts', 'coverage', '.vite']);

/** Every Markdown and TypeScript file of the repository under `root`, as root-relative paths. */
export function listCitingFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    if (SKIPPED.has(name)) continue;
    const path = folder === '' ? name : `${folder}/${name}`;
    if (statSync(join(root, path)).isDirectory()) files.push(...listCitingFiles(root, path));
    else if (/\.(md|ts|tsx)$/.test(name)) files.push(path);
  }
  return files;
}

/** A repository on disk: a file counts when it exists under `root` (never outside it). */
export function diskRepository(root: string): Repository {
  return {
    read(path) {
      const file = join(root, path);
      return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
    },
  };
}

/**
 * The text of a file that can cite: a Markdown page whole; of a TypeScript file its comments and
 * JSX text whole, and those string literals that hold a path (a `/`) — a bare name in a string (`'README.md'`)
 * is a file a command writes or a test makes, not a citation. Each piece keeps its offset, for line numbers.
 */
export function citingText(file: CitingFile): CitingPiece[] {
  if (file.path.endsWith('.md')) return [{ offset: 0, text: file.text, bareNames: true }];
  if (!file.text.includes('.md')) return []; // nothing to cite, so nothing to parse
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(
    file.path,
    file.text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
    kind,
  );
  const pieces: CitingPiece[] = [];
  const seen = new Set<number>();
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      pieces.push({ offset: range.pos, text: file.text.slice(range.pos, range.end), bareNames: true });
    }
  };
  const visit = (node: ts.Node) => {
    const children = node.getChildren(source);
    if (children.length === 0) {
      addComments(ts.getLeadingCommentRanges(file.text, node.pos));
      addComments(ts.getTrailingCommentRanges(file.text, node.pos));
      if (ts.isJsxText(node)) pieces.push({ offset: node.pos, text: node.text, bareNames: true });
      else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
        if (node.text.includes('/'))
          pieces.push({ offset: node.getStart(source), text: node.text, bareNames: false });
      }
    }
    for (const child of children) visit(child);
  };
  visit(source);
  return pieces;
}

/** A stretch of citing text: where it starts in the file, and whether bare file names in it count. */
export interface CitingPiece {
  offset: number;
  text: string;
  bareNames: boolean;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of a Markdown page outside its fenced code blocks. */
export function headings(markdown: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) {
      const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (match?.[1] !== undefined) found.push(match[1]);
    }
  }
  return found;
}

/** Every anchor of a page, with GitHub's -1, -2 … for repeated headings. */
function anchors(markdown: string): Set<string> {
  const counts = new Map<string, number>();
  const all = new Set<string>();
  for (const heading of headings(markdown)) {
    const base = headingAnchor(heading);
    const count = counts.get(base) ?? 0;
    counts.set(base, count + 1);
    all.add(count === 0 ? base : `${base}-${count}`);
  }
  return all;
}

/** Whether a page has a heading numbered `section` ("5.1 Binomial…" or "5. Intervals"). */
function hasSection(markdown: string, section: string): boolean {
  return headings(markdown).some(
    (heading) =>
      heading === section || heading.startsWith(`${section} `) || heading.startsWith(`${section}. `),
  );
}

/**
 * Where a reference from `from` leads, root-relative: beside the citing file first, then from the
 * repository root (the two ways this project writes a path). `undefined` when neither is a file of
 * the repository — a path that climbs out of it never is.
 */
function locate(
  reference: string,
  from: string,
  repository: Repository,
): { path: string; text: string } | undefined {
  const root = resolve('/repository');
  const candidates = reference.startsWith('/')
    ? [resolve(root, `.${reference}`)]
    : [resolve(root, dirname(from), reference), resolve(root, reference)];
  for (const candidate of candidates) {
    if (!candidate.startsWith(root + sep)) continue;
    const path = relative(root, candidate).split(sep).join('/');
    const text = repository.read(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}

/**
 * Every citation of a document in `files` that leads nowhere in the repository: a Markdown path or a
 * bare file name (`README.md`) that is not a file of it (beside the citing file or from the root), a `#anchor` its
 * headings do not have, or a `§N` it has no heading numbered for.
 */
export function brokenCitations(files: readonly CitingFile[], repository: Repository): BrokenCitation[] {
  const broken: BrokenCitation[] = [];
  for (const file of files) {
    for (const piece of citingText(file)) {
      for (const match of piece.text.matchAll(REFERENCE)) {
        const [citation, reference = '', anchor, section] = match;
        if (!piece.bareNames && !reference.includes('/')) continue;
        const line =
          lineOf(file.text, piece.offset) + piece.text.slice(0, match.index).split('\n').length - 1;
        const report = (problem: string) => broken.push({ file: file.path, line, citation, problem });
        const target = locate(reference, file.path, repository);
        if (target === undefined) report(`no document ${reference} in the repository`);
        else if (anchor !== undefined && !anchors(target.text).has(anchor.slice(1)))
          report(`${target.path} has no heading with the anchor ${anchor}`);
        else if (section !== undefined && !hasSection(target.text, section))
          report(`${target.path} has no section ${section}`);
      }
    }
  }
  return broken;
}

/** The 1-based line of a character offset. */
function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** The checker's own test, whose strings are broken citations on purpose. */
const CHECKER_TEST = 'test/docs-citations.test.ts';

/** `brokenCitations` over every citing file of the repository at `root` (but the checker's own test). */
export function repositoryBrokenCitations(root: string): BrokenCitation[] {
  const files = listCitingFiles(root)
    .filter((path) => path !== CHECKER_TEST)
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  return brokenCitations(files, diskRepository(root));
}
