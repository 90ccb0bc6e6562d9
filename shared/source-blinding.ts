/**
 * Whether an argument's free-text `source` names the study's design — a model of the study, a test
 * or a generation mode — which annotators must not learn (they never see `source`; it still travels
 * with the argument to admins and exports, so an import warns). The rules:
 * - a model name counts wherever it stands, case-insensitively, as a whole token: not directly
 *   after or before a letter or a digit ("gpt-4o" in "OpenAI gpt-4o batch", not "o1" in "co1");
 * - a test counts as "test" and its number 1–3 ("Test 2", "test-3", "test#1", "test2");
 * - a mode counts by its name: "arguable", "reordered", "non-arguable" (or non_arguable, non arguable).
 *
 * @example designNamedBy('OpenAI gpt-4o batch, Test 2 (reordered)', ['gpt-4o']) // ['gpt-4o', 'Test 2', 'reordered']
 */
export function designNamedBy(source: string, models: Iterable<string>): string[] {
  const named: string[] = [];
  const lower = source.toLowerCase();
  for (const model of new Set(models)) {
    const wanted = model.toLowerCase();
    if (wanted.trim() === '') continue;
    for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
      const before = lower[at - 1] ?? '';
      const after = lower[at + wanted.length] ?? '';
      if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) {
        named.push(model);
        break;
      }
    }
  }
  for (const match of source.matchAll(/(?<![\p{L}\p{N}])test[\s#_-]*[123](?![\p{N}])/giu))
    named.push(match[0]);
  for (const match of source.matchAll(
    /(?<![\p{L}\p{N}])(?:non[\s_-]?arguable|arguable|reordered)(?![\p{L}\p{N}])/giu,
  ))
    named.push(match[0]);
  return named;
}
