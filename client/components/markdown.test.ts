import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { growthRatio } from '../../shared/growth.ts';
import { Markdown } from './Markdown.tsx';
import {
  headingLevel,
  type MarkdownBlock,
  type MarkdownInline,
  parseInline,
  parseMarkdown,
} from './markdown.ts';

/** An inline node written back compactly — **strong**, _emphasis_, `code` — so expectations stay readable. */
function showNode(node: MarkdownInline): string {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return `\`${node.text}\``;
    case 'strong':
      return `**${show(node.children)}**`;
    case 'emphasis':
      return `_${show(node.children)}_`;
  }
}

function show(nodes: readonly MarkdownInline[]): string {
  return nodes.map(showNode).join('');
}

function outlineBlock(block: MarkdownBlock): string {
  switch (block.type) {
    case 'heading':
      return `h${block.level} ${show(block.children)}`;
    case 'paragraph':
      return `p ${show(block.children)}`;
    case 'list':
      return `${block.ordered ? `ol@${block.start}` : 'ul'} ${block.items.map((item) => `[${show(item)}]`).join(' ')}`;
    case 'rule':
      return 'hr';
  }
}

function outline(blocks: readonly MarkdownBlock[]): string[] {
  return blocks.map(outlineBlock);
}

// Frozen excerpt of the annotation guidelines (data/guidelines/ANNOTATION-GUIDELINES.md), hard line breaks as in the file.
const GUIDELINES_EXCERPT = `# Annotation guidelines: factor mentions in 3-ply arguments

These are the rules a legal annotator follows, and the rules every extractor (human, LLM or
rule-based) is measured against. The tool shows them to annotators beside the argument.

## The task
For one generated argument, decide for each of the three cases it talks about — the **current
case** (the "input case" or "input scenario"), **TSC1** and **TSC2** — which of the 26 trade-secret
factors the argument **asserts as present in that case**.

You record what the argument *says*, not what is true.

## What counts as a mention
1. **Any wording counts**: the code ("F4"), the name ("Agreed-not-to-disclose"), both ("F4
   Agreed-not-to-disclose (P)"), or a paraphrase. Record the style of the mention: \`code\`, \`name\` or \`paraphrase\` (code wins when a
   mention has both).
2. **Shared statements count for every case named**: "F4 and F6 were present in both the input
   case and TSC1" marks F4 and F6 for the current case and for TSC1.
3. **Negated mentions do not count as present**: "F5 is not present in the input case" marks
   nothing for the current case. Record it as a \`negated\` mention if you highlight it.

## What part of the response to read
- Reasoning models may emit a trace in \`<think> … </think>\` before the answer. Only the answer
  after the closing \`</think>\` is the delivered argument. A factor mentioned only inside the trace
  is not marked.
- If the response was cut off (the output hit its token limit), annotate what was delivered and
  flag the item as \`truncated\`.
`;

describe('parseMarkdown', () => {
  it('reads the guidelines excerpt into headings, paragraphs and lists', () => {
    expect(outline(parseMarkdown(GUIDELINES_EXCERPT))).toEqual([
      'h1 Annotation guidelines: factor mentions in 3-ply arguments',
      'p These are the rules a legal annotator follows, and the rules every extractor (human, LLM or rule-based) is measured against. The tool shows them to annotators beside the argument.',
      'h2 The task',
      'p For one generated argument, decide for each of the three cases it talks about — the **current case** (the "input case" or "input scenario"), **TSC1** and **TSC2** — which of the 26 trade-secret factors the argument **asserts as present in that case**.',
      'p You record what the argument _says_, not what is true.',
      'h2 What counts as a mention',
      'ol@1 [**Any wording counts**: the code ("F4"), the name ("Agreed-not-to-disclose"), both ("F4 Agreed-not-to-disclose (P)"), or a paraphrase. Record the style of the mention: `code`, `name` or `paraphrase` (code wins when a mention has both).] [**Shared statements count for every case named**: "F4 and F6 were present in both the input case and TSC1" marks F4 and F6 for the current case and for TSC1.] [**Negated mentions do not count as present**: "F5 is not present in the input case" marks nothing for the current case. Record it as a `negated` mention if you highlight it.]',
      'h2 What part of the response to read',
      'ul [Reasoning models may emit a trace in `<think> … </think>` before the answer. Only the answer after the closing `</think>` is the delivered argument. A factor mentioned only inside the trace is not marked.] [If the response was cut off (the output hit its token limit), annotate what was delivered and flag the item as `truncated`.]',
    ]);
  });

  it('reads bold that spans a line break', () => {
    const [paragraph] = parseMarkdown('the **current\ncase** and');
    expect(paragraph).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'the ' },
        { type: 'strong', children: [{ type: 'text', text: 'current case' }] },
        { type: 'text', text: ' and' },
      ],
    });
  });

  it('counts headings deeper than ### as ###', () => {
    expect(outline(parseMarkdown('#### Deep\n###### Deeper'))).toEqual(['h3 Deep', 'h3 Deeper']);
  });

  it('drops closing hashes of a heading and keeps a hash without a space as text', () => {
    expect(outline(parseMarkdown('## Task ##\n#hashtag'))).toEqual(['h2 Task', 'p #hashtag']);
  });

  it('keeps the first number of an ordered list', () => {
    expect(outline(parseMarkdown('3. third\n4. fourth'))).toEqual(['ol@3 [third] [fourth]']);
  });

  it('starts a new list when the kind of marker changes', () => {
    expect(outline(parseMarkdown('- a\n1. b'))).toEqual(['ul [a]', 'ol@1 [b]']);
  });

  it('flattens a nested item into the one level', () => {
    expect(outline(parseMarkdown('- a\n  1. b\n- c'))).toEqual(['ul [a] [b] [c]']);
  });

  it('continues a list over a blank line with the next item, and ends it at a paragraph', () => {
    expect(outline(parseMarkdown('- a\n\n- b\n\nAfter.'))).toEqual(['ul [a] [b]', 'p After.']);
  });

  it('continues an item over a blank line with an indented line', () => {
    expect(outline(parseMarkdown('- a\n\n  more\n- b'))).toEqual(['ul [a more] [b]']);
  });

  it('reads *, + and - as bullets, but not a bold word at the start of a line', () => {
    expect(outline(parseMarkdown('* a\n+ b\n\n**Bold** start'))).toEqual(['ul [a] [b]', 'p **Bold** start']);
  });

  it('reads ---, *** and ___ as rules', () => {
    expect(outline(parseMarkdown('a\n\n---\n* * *\n___'))).toEqual(['p a', 'hr', 'hr', 'hr']);
  });

  it('handles Windows line endings', () => {
    expect(outline(parseMarkdown('# T\r\nline one\r\nline two\r\n'))).toEqual([
      'h1 T',
      'p line one line two',
    ]);
  });

  it('gives no blocks for empty or blank source', () => {
    expect(parseMarkdown('')).toEqual([]);
    expect(parseMarkdown('\n  \n\t\n')).toEqual([]);
  });

  it('keeps raw HTML as text', () => {
    expect(outline(parseMarkdown('<script>alert(1)</script>\n<b>bold</b>'))).toEqual([
      'p <script>alert(1)</script> <b>bold</b>',
    ]);
  });
});

describe('parseInline', () => {
  it('reads strong, emphasis and code side by side', () => {
    expect(show(parseInline('**a** *b* `c`'))).toBe('**a** _b_ `c`');
  });

  it('nests emphasis inside strong', () => {
    expect(parseInline('**a *b* c**')).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'a ' },
          { type: 'emphasis', children: [{ type: 'text', text: 'b' }] },
          { type: 'text', text: ' c' },
        ],
      },
    ]);
  });

  it('keeps quotes as typed', () => {
    expect(parseInline('"No common factor…" and “curly”')).toEqual([
      { type: 'text', text: '"No common factor…" and “curly”' },
    ]);
  });

  it('reads no markup inside code', () => {
    expect(parseInline('`**F4** <b>`')).toEqual([{ type: 'code', text: '**F4** <b>' }]);
  });

  it('closes a code span only with a run of the same length', () => {
    expect(parseInline('``a ` b``')).toEqual([{ type: 'code', text: 'a ` b' }]);
  });

  it('strips one space at each end of a code span', () => {
    expect(parseInline('`` `x` ``')).toEqual([{ type: 'code', text: '`x`' }]);
  });

  it('shows an unmatched backtick as text', () => {
    expect(parseInline('a ` b')).toEqual([{ type: 'text', text: 'a ` b' }]);
  });

  it('shows an unclosed delimiter as literal stars', () => {
    expect(parseInline('**open and *half')).toEqual([{ type: 'text', text: '**open and *half' }]);
  });

  it('shows stars surrounded by spaces as text', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
  });

  it('shows an empty pair as literal stars', () => {
    expect(parseInline('a****b')).toEqual([{ type: 'text', text: 'a****b' }]);
  });

  it('closes the nearest opener of the same size, showing those it passes over', () => {
    expect(show(parseInline('**a *b**'))).toBe('**a *b**');
  });

  it('reads backslash escapes as the literal character', () => {
    expect(parseInline('\\*not emphasis\\* and \\`not code\\`')).toEqual([
      { type: 'text', text: '*not emphasis* and `not code`' },
    ]);
  });

  it('keeps a backslash before a letter', () => {
    expect(parseInline('C:\\new')).toEqual([{ type: 'text', text: 'C:\\new' }]);
  });

  it('stays linear on long runs of unmatched markers', () => {
    const markers = (n: number) => `${'*a '.repeat(n)}${'` '.repeat(n)}${'``'.repeat(n / 4)}`;
    expect(growthRatio((n) => parseInline(markers(n)), 5_000, 160_000)).toBeLessThan(200);
  });
});

describe('headingLevel', () => {
  it('shifts by the offset', () => {
    expect(headingLevel(1, 2)).toBe(3);
  });

  it('stays within h1…h6', () => {
    expect(headingLevel(3, 5)).toBe(6);
    expect(headingLevel(1, -3)).toBe(1);
  });
});

describe('Markdown component', () => {
  const render = (source: string, headingOffset?: number) =>
    renderToStaticMarkup(createElement(Markdown, { source, headingOffset }));

  it('renders headings shifted under the page headings', () => {
    expect(render('# Title\n## Part', 2)).toBe('<h3>Title</h3><h4>Part</h4>');
  });

  it('renders lists, strong, emphasis, code and rules as elements', () => {
    expect(render('3. **a** *b*\n4. `c`\n\n---')).toBe(
      '<ol start="3"><li><strong>a</strong> <em>b</em></li><li><code>c</code></li></ol><hr/>',
    );
  });

  it('escapes raw HTML instead of rendering it', () => {
    expect(render('<img src=x onerror=alert(1)> `<think>`')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; <code>&lt;think&gt;</code></p>',
    );
  });
});
