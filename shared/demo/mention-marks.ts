import type { FactorId } from '../factors.ts';
import type { MentionStyle } from '../schemas/annotation.ts';

/** What the writer knows of one mention it wrote: the factor (or an invented one) and its style. */
export interface MarkedMention {
  factor: FactorId | 'unlisted';
  style: MentionStyle;
  /** The wording of an invented (`unlisted`) factor. */
  text?: string;
}

// Private-use characters (U+E000–U+F8FF) never occur in the writer's templates, so they can bracket a
// mention while sentences are assembled and be removed at the end: U+E000, then the mention's number
// as U+E100 + n, the mention, U+E001.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const ID_BASE = 0xe100;
const MAX_MENTIONS = 0xf800 - ID_BASE;
const MARKED = /\uE000([\uE100-\uF7FF])([^\uE000\uE001]*)\uE001/g;
const ANY_MARKER = /[\uE000\uE001\uE100-\uF7FF]/g;

/**
 * Mentions marked inside text while it is being written, so that their character offsets are known
 * once the text is final — after templates, capitalisation, joins and trims have moved them. `mark`
 * wraps a mention in invisible markers; `resolve` removes every marker from the finished text and
 * gives each mention's [start, end) in the result. Markers never change the text otherwise: `plain`
 * of a marked text is the text the writer would have written without them.
 *
 * @example
 * const marks = new MentionMarks();
 * const text = `As in TSC1, ${marks.mark('F4', { factor: 'F4', style: 'code' })} applies.`;
 * marks.resolve(text) // { text: 'As in TSC1, F4 applies.', ranges: Map { 0 => { start: 12, end: 14 } } }
 */
export class MentionMarks {
  private readonly mentions: MarkedMention[] = [];

  /** `text` wrapped in the markers of a new mention. */
  mark(text: string, mention: MarkedMention): string {
    if (this.mentions.length >= MAX_MENTIONS) throw new RangeError('too many marked mentions in one text');
    this.mentions.push(mention);
    return `${OPEN}${String.fromCharCode(ID_BASE + this.mentions.length - 1)}${text}${CLOSE}`;
  }

  mention(id: number): MarkedMention {
    const mention = this.mentions[id];
    if (!mention) throw new RangeError(`no marked mention ${id}`);
    return mention;
  }

  /** The numbers of the mentions marked in a piece of text, in order. */
  idsIn(text: string): number[] {
    return [...text.matchAll(MARKED)].map((match) => (match[1] ?? '').charCodeAt(0) - ID_BASE);
  }

  /** The text without markers, and where each whole mention in it lies. */
  resolve(text: string): { text: string; ranges: Map<number, { start: number; end: number }> } {
    const ranges = new Map<number, { start: number; end: number }>();
    let plainText = '';
    let last = 0;
    for (const match of text.matchAll(MARKED)) {
      plainText += plain(text.slice(last, match.index));
      const inner = match[2] ?? '';
      ranges.set((match[1] ?? '').charCodeAt(0) - ID_BASE, {
        start: plainText.length,
        end: plainText.length + inner.length,
      });
      plainText += inner;
      last = match.index + match[0].length;
    }
    return { text: plainText + plain(text.slice(last)), ranges };
  }
}

/** A marked text without its markers. */
export function plain(text: string): string {
  return text.replace(ANY_MARKER, '');
}

/** The text with its first letter in upper case, looking past the markers of a mention it starts with. */
export function capitalise(text: string): string {
  const first = text.search(/[^\uE000\uE001\uE100-\uF7FF]/);
  if (first < 0) return text;
  return text.slice(0, first) + text.charAt(first).toUpperCase() + text.slice(first + 1);
}
