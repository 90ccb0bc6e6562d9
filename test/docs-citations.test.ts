import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type BrokenCitation,
  brokenCitations,
  headingAnchor,
  type Repository,
  repositoryBrokenCitations,
} from './support/doc-citations.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A repository of the given files only. */
function repository(files: Record<string, string>): Repository {
  return { read: (path) => files[path] };
}

const DOCS = {
  'docs/STATISTICS.md':
    '# Statistics\n\n## 5. Intervals\n\n### 5.1 Binomial proportions\n\n```\n# not a heading\n```\n',
  'docs/FORMATS.md': '# Formats\n\n## Extractions — JSONL\n\n## Gold-standard dataset\n',
  'README.md': '# factor-audit\n',
};

function check(path: string, text: string): string[] {
  return brokenCitations([{ path, text }], repository(DOCS)).map(
    (b: BrokenCitation) => `${b.line}: ${b.citation.trim()} — ${b.problem}`,
  );
}

describe('brokenCitations', () => {
  it('accepts a path from the root or beside the citing file, with an existing anchor or section', () => {
    expect(
      check('shared/stats/wilson.ts', '/** Wilson (docs/STATISTICS.md §5.1). */\nexport const w = 1;\n'),
    ).toEqual([]);
    expect(
      check(
        'docs/REPORT.md',
        'See [the intervals](STATISTICS.md#5-intervals) and FORMATS.md#extractions--jsonl.\n',
      ),
    ).toEqual([]);
    expect(
      check(
        'docs/decisions/001-x.md',
        'As docs/STATISTICS.md §5 and ../FORMATS.md#gold-standard-dataset say.\n',
      ),
    ).toEqual([]);
  });

  it('flags a document that is not in the repository, bare or as a path, in a comment or a page', () => {
    expect(
      check(
        'shared/stats/bootstrap.ts',
        '// B = 2000 (STATISTICS.md, "Intervals")\nexport const b = 2000;\n',
      ),
    ).toEqual(['1: STATISTICS.md — no document STATISTICS.md in the repository']);
    expect(
      check('docs/RULES-EXTRACTOR.md', 'intro\nthe guidelines (`../shared/ANNOTATION-GUIDELINES.md`)\n'),
    ).toEqual([
      '2: ../shared/ANNOTATION-GUIDELINES.md — no document ../shared/ANNOTATION-GUIDELINES.md in the repository',
    ]);
  });

  it('flags a path that leaves the repository, even to a file that exists outside it', () => {
    const outside: Repository = { read: (path) => (path === 'README.md' ? '# x\n' : undefined) };
    const found = brokenCitations(
      [
        {
          path: 'shared/index.ts',
          text: '/** Definitions: /work/shared/README.md and ../../README.md. */\n',
        },
      ],
      outside,
    );
    expect(found.map((b) => b.citation.trim())).toEqual(['/work/shared/README.md', '../../README.md']);
  });

  it('flags an anchor or a section the cited page does not have (a heading inside a code block is none)', () => {
    expect(
      check(
        'docs/REPORT.md',
        'STATISTICS.md §6.2 and STATISTICS.md#not-a-heading and STATISTICS.md#not-a-heading-1\n',
      ),
    ).toEqual([
      '1: STATISTICS.md §6.2 — docs/STATISTICS.md has no section 6.2',
      '1: STATISTICS.md#not-a-heading — docs/STATISTICS.md has no heading with the anchor #not-a-heading',
      '1: STATISTICS.md#not-a-heading-1 — docs/STATISTICS.md has no heading with the anchor #not-a-heading-1',
    ]);
  });

  it('reads comments and JSX text, and strings only where they hold a path', () => {
    const source = [
      "const a = 'notes.md'; // a file name in a string is no citation",
      "const b = 'docs/MISSING.md';",
      'const c = `docs/\u0024{a}/x`; /* see DESIGN.md */', // `\u0024{` spells a template placeholder
      'const d = /"[^"]*"/g; // a regex with quotes, then GONE.md',
      'export const e = () => <p>Read TUTORIAL.md first</p>;',
      'const f = "https://example.org/docs/ELSEWHERE.md";',
    ].join('\n');
    expect(check('client/x.tsx', source)).toEqual([
      '2: docs/MISSING.md — no document docs/MISSING.md in the repository',
      '3: DESIGN.md — no document DESIGN.md in the repository',
      '4: GONE.md — no document GONE.md in the repository',
      '5: TUTORIAL.md — no document TUTORIAL.md in the repository',
    ]);
  });

  it('makes GitHub anchors', () => {
    expect(headingAnchor('How often do the intervals cover? — `simulate coverage`')).toBe(
      'how-often-do-the-intervals-cover--simulate-coverage',
    );
    expect(headingAnchor('6.1 The sample design')).toBe('61-the-sample-design');
  });
});

describe('the repository', () => {
  it('cites only documents it holds, and only their sections and anchors that exist', () => {
    const broken = repositoryBrokenCitations(ROOT).map(
      (b) => `${b.file}:${b.line}: ${b.citation.trim()} — ${b.problem}`,
    );
    expect(broken).toEqual([]);
  });
});
