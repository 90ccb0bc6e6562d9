const FNV64_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

/**
 * FNV-1a, 64-bit (Fowler, Noll & Vo; the parameters of the IETF draft
 * draft-eastlake-fnv, offset basis 0xcbf29ce484222325, prime 2^40 + 2^8 + 0xb3), over the UTF-8
 * bytes of `text`, as 16 lower-case hex digits. For each byte: hash = (hash XOR byte) × prime,
 * modulo 2^64.
 *
 * It is a stable content fingerprint, not a cryptographic hash: it gives the same value in the
 * browser, the server and the CLI (pure TypeScript, BigInt arithmetic, no node:crypto), and two
 * different inputs share a value with probability about 2^-64 per pair.
 *
 * @example fnv1a64('') // 'cbf29ce484222325'
 * @example fnv1a64('a') // 'af63dc4c8601ec8c'
 */
export function fnv1a64(text: string): string {
  let hash = FNV64_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV64_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}
