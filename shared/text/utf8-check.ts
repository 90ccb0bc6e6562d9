/**
 * Where a byte sequence stops being well-formed UTF-8, by the Unicode Standard's Table 3-7 (chapter 3,
 * "Well-Formed UTF-8 Byte Sequences"): 00–7F; C2–DF 80–BF; E0 A0–BF 80–BF; E1–EC 80–BF 80–BF;
 * ED 80–9F 80–BF; EE–EF 80–BF 80–BF; F0 90–BF 80–BF 80–BF; F1–F3 80–BF 80–BF 80–BF;
 * F4 80–8F 80–BF 80–BF. Anything else — a stray continuation byte, an overlong form (C0, C1, E0 80),
 * an encoded surrogate (ED A0), a code point past U+10FFFF (F4 90, F5–FF), a sequence cut short — is
 * ill-formed. An import refuses such a file rather than decode it with U+FFFD, which would store text
 * that no longer matches the file's SHA-256 nor, perhaps, its span offsets. Pure.
 */

/** The second byte's range after each lead byte that has a narrower one than 80–BF. */
function secondByteRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

/** How many bytes the sequence led by `lead` has; 0 for a byte no sequence may start with. */
function sequenceLength(lead: number): number {
  if (lead <= 0x7f) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * The offset of the first byte of the first ill-formed sequence in `bytes[start, end)`, or -1 when
 * the range is well-formed UTF-8.
 *
 * @example firstInvalidUtf8(new Uint8Array([0x61, 0xc3, 0xa9, 0xff])) // 3
 */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let at = start;
  while (at < end) {
    const lead = bytes[at] ?? 0;
    if (lead <= 0x7f) {
      at += 1;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0 || at + length > end) return at;
    const [low, high] = secondByteRange(lead);
    const second = bytes[at + 1] ?? 0;
    if (second < low || second > high) return at;
    for (let next = 2; next < length; next += 1) {
      const byte = bytes[at + next] ?? 0;
      if (byte < 0x80 || byte > 0xbf) return at;
    }
    at += length;
  }
  return -1;
}

/** One line that holds ill-formed UTF-8: its 1-based number and the file offset of its first bad byte. */
export interface InvalidUtf8Line {
  line: number;
  byte: number;
}

/**
 * Every line of `bytes` (split at LF; 0A is never part of a multi-byte sequence) that holds ill-formed
 * UTF-8, each with the offset, from the start of `bytes` and counted from 0, of its first bad byte.
 */
export function invalidUtf8Lines(bytes: Uint8Array): InvalidUtf8Line[] {
  const found: InvalidUtf8Line[] = [];
  let line = 1;
  let lineStart = 0;
  while (lineStart <= bytes.length) {
    const newline = bytes.indexOf(0x0a, lineStart);
    const lineEnd = newline < 0 ? bytes.length : newline;
    const bad = firstInvalidUtf8(bytes, lineStart, lineEnd);
    if (bad >= 0) found.push({ line, byte: bad });
    if (newline < 0) break;
    lineStart = newline + 1;
    line += 1;
  }
  return found;
}

/** The message every import gives for a line with ill-formed UTF-8 (`FILE:LINE: ` is put before it). */
export function invalidUtf8Message(byte: number): string {
  return `not valid UTF-8 at byte ${byte} (counted from 0, from the start of the file); save the file as UTF-8 and import it again`;
}
