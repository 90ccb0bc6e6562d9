import type { Block, ChartBlock } from '../../../shared/report-document/blocks.ts';

/** The id of a section heading: "report-" and its words in lower case, joined by dashes. */
export function headingId(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `report-${words}`;
}

/** The sections (level-2 headings) of a report, for the screen's "on this page" links. */
export function sectionsOf(blocks: readonly Block[]): { id: string; text: string }[] {
  return blocks.flatMap((block) =>
    block.kind === 'heading' && block.level === 2 ? [{ id: headingId(block.text), text: block.text }] : [],
  );
}

/**
 * The blocks before the first section (the title and how the report was made) and the sections
 * from the verdict on, so the screen can set the first in small print and lead with the verdict.
 */
export function splitPreamble(blocks: readonly Block[]): { preamble: Block[]; sections: Block[] } {
  const first = blocks.findIndex((block) => block.kind === 'heading' && block.level === 2);
  const at = first === -1 ? blocks.length : first;
  return { preamble: blocks.slice(0, at), sections: blocks.slice(at) };
}

/** Every chart's number in reading order (charts inside collapsed blocks included), as the HTML file numbers them. */
export function chartNumbers(blocks: readonly Block[]): Map<ChartBlock, number> {
  const numbers = new Map<ChartBlock, number>();
  const visit = (list: readonly Block[]) => {
    for (const block of list) {
      if (block.kind === 'chart') numbers.set(block, numbers.size + 1);
      if (block.kind === 'details') visit(block.blocks);
    }
  };
  visit(blocks);
  return numbers;
}
