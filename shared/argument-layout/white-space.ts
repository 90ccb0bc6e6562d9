/** White space as the layout skips it: ASCII space, tab, newline, carriage return, form feed, vertical tab. */
export function isWhiteSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f' || char === '\v';
}

export function skipWhiteSpace(text: string, from: number, to: number): number {
  let at = from;
  while (at < to && isWhiteSpace(text[at])) at += 1;
  return at;
}

export function trimEnd(text: string, from: number, to: number): number {
  let at = to;
  while (at > from && isWhiteSpace(text[at - 1])) at -= 1;
  return at;
}
