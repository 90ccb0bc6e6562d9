/**
 * The extractor whose corrected estimates decide the claims: the requested one when the study has
 * its output (otherwise the default, with a note), else gpt-4.1 when present — the extractor of the
 * original study — else the first by name; `null` with no extractor.
 *
 * @example choosePrimaryExtractor(['gpt-4.1', 'rules']) // { extractor: 'gpt-4.1', notes: [] }
 * @example choosePrimaryExtractor(['rules'], 'gpt-5') // { extractor: 'rules', notes: ['No extractor "gpt-5"; …'] }
 */
export function choosePrimaryExtractor(
  extractors: readonly string[],
  requested?: string,
): { extractor: string | null; notes: string[] } {
  const notes: string[] = [];
  if (requested !== undefined) {
    if (extractors.includes(requested)) return { extractor: requested, notes };
    notes.push(`No extractor "${requested}"; the claims use the default extractor.`);
  }
  const extractor = extractors.includes('gpt-4.1') ? 'gpt-4.1' : (extractors[0] ?? null);
  return { extractor, notes };
}
