/**
 * The bridge between the rendered argument and offsets into its raw text. Every run of text is
 * rendered in an element carrying `data-s` (its start offset) whose text is exactly
 * `text.slice(s, s + length)`, so a DOM position maps to an offset by adding the position inside
 * that element, and back.
 */
import type { TextRange } from './selection.ts';

const PIECE = '[data-s]';

function pieceStart(element: Element): number {
  return Number(element.getAttribute('data-s'));
}

function pieceEnd(element: Element): number {
  return pieceStart(element) + (element.textContent ?? '').length;
}

/** The offset of a DOM position (a selection's anchor or focus) inside `container`, or null outside it. */
export function offsetOfPoint(container: Element, node: Node, offset: number): number | null {
  if (!container.contains(node)) return null;
  if (node.nodeType === Node.TEXT_NODE) {
    const piece = node.parentElement?.closest(PIECE);
    return piece ? pieceStart(piece) + offset : null;
  }
  const element = node as Element;
  if (element.matches?.(PIECE)) return offset === 0 ? pieceStart(element) : pieceEnd(element);
  // An element boundary between children: the first piece at or after it, else the last before it.
  const child = element.childNodes[offset];
  const after = child instanceof Element ? (child.matches(PIECE) ? child : child.querySelector(PIECE)) : null;
  if (after) return pieceStart(after);
  const pieces = element.querySelectorAll(PIECE);
  const last = pieces[pieces.length - 1];
  return last ? pieceEnd(last) : null;
}

/** The current DOM selection as a range of the raw text, when it lies in `container` and is not empty. */
export function selectionRange(container: Element): TextRange | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const start = offsetOfPoint(container, range.startContainer, range.startOffset);
  const end = offsetOfPoint(container, range.endContainer, range.endOffset);
  if (start === null || end === null || start === end) return null;
  return { start: Math.min(start, end), end: Math.max(start, end) };
}

function pointAt(
  container: Element,
  offset: number,
  preferEnd: boolean,
): { node: Node; offset: number } | null {
  const pieces = container.querySelectorAll(PIECE);
  let low = 0;
  let high = pieces.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    const piece = pieces[middle];
    if (piece && pieceStart(piece) <= offset) low = middle;
    else high = middle - 1;
  }
  let piece = pieces[low];
  if (!piece) return null;
  // An offset at a piece boundary: an end belongs to the piece before, a start to the one after.
  if (preferEnd && pieceStart(piece) === offset && low > 0) piece = pieces[low - 1] ?? piece;
  const node = piece.firstChild ?? piece;
  const within = Math.min(Math.max(0, offset - pieceStart(piece)), (piece.textContent ?? '').length);
  return { node, offset: within };
}

/** Shows `range` as the browser's selection (so keyboard and mouse selections look the same). */
export function selectRange(container: Element, range: TextRange): DOMRect | null {
  const start = pointAt(container, range.start, false);
  const end = pointAt(container, range.end, true);
  const selection = window.getSelection();
  if (!start || !end || !selection) return null;
  selection.setBaseAndExtent(start.node, start.offset, end.node, end.offset);
  return selection.rangeCount > 0 ? selection.getRangeAt(0).getBoundingClientRect() : null;
}

/** The on-screen box of a range of the text (to place the palette beside it). */
export function rectOfRange(container: Element, range: TextRange): DOMRect | null {
  const start = pointAt(container, range.start, false);
  const end = pointAt(container, range.end, true);
  if (!start || !end) return null;
  const domRange = document.createRange();
  domRange.setStart(start.node, start.offset);
  domRange.setEnd(end.node, end.offset);
  return domRange.getBoundingClientRect();
}

/** Scrolls the piece holding `offset` into view. */
export function scrollOffsetIntoView(container: Element, offset: number): void {
  const point = pointAt(container, offset, false);
  const element = point?.node instanceof Element ? point.node : point?.node.parentElement;
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
