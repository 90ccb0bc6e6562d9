import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { headingLevel, type MarkdownBlock, type MarkdownInline, parseMarkdown } from './markdown.ts';

export interface MarkdownProps {
  /** Markdown source (see `parseMarkdown` for what is understood); everything else shows as typed. */
  readonly source: string;
  /**
   * Added to every heading level, so the source's "#" nests under the page's own headings: with the
   * panel titled by an h2, an offset of 2 renders "#" as h3. Levels stay within h1…h6.
   */
  readonly headingOffset?: number;
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

// Children are passed to createElement as separate arguments, not as an array: the tree is static
// for a given source, so positions are identities and React needs no keys.

function renderNode(node: MarkdownInline): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return createElement('code', null, node.text);
    case 'strong':
      return createElement('strong', null, ...node.children.map(renderNode));
    case 'emphasis':
      return createElement('em', null, ...node.children.map(renderNode));
  }
}

function renderBlock(block: MarkdownBlock, headingOffset: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const tag = HEADING_TAGS[headingLevel(block.level, headingOffset) - 1] ?? 'h6';
      return createElement(tag, null, ...block.children.map(renderNode));
    }
    case 'paragraph':
      return createElement('p', null, ...block.children.map(renderNode));
    case 'list': {
      const items = block.items.map((item) => createElement('li', null, ...item.map(renderNode)));
      return block.ordered
        ? createElement('ol', block.start === 1 ? null : { start: block.start }, ...items)
        : createElement('ul', null, ...items);
    }
    case 'rule':
      return createElement('hr');
  }
}

/**
 * Renders Markdown source as React elements — never as an HTML string, so raw HTML in the source
 * shows as text (React escapes every string) and nothing in it runs.
 *
 * @example <Markdown source={guidelines.markdown} headingOffset={2} />
 */
export function Markdown({ source, headingOffset = 0 }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return createElement(Fragment, null, ...blocks.map((block) => renderBlock(block, headingOffset)));
}
