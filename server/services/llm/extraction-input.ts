/** What of an argument the extractor is shown: as the study did ("last-json"), or everything ("full"). */
export type ExtractionInputMode = 'last-json' | 'full';
export const EXTRACTION_INPUT_MODES = ['last-json', 'full'] as const;

// The study's pipeline (single_agent_factor.py): re.findall(r'```json(.*?)```', response, re.DOTALL).
// Case-sensitive "```json", lazy, so each match ends at the next fence; an unclosed fence never matches.
const STUDY_JSON_FENCE = /```json([\s\S]*?)```/g;

/**
 * The text the study handed GPT-4.1 for one argument: the inside of the **last** ```json fenced
 * block of the response, trimmed, when there is one; otherwise the whole response, unchanged. This
 * reproduces the study's code exactly (Zhang et al. 2025, `single_agent_factor.py`, lizhang-AIandLaw/
 * Measuring-Faithfulness-and-Abstention): a fence opened with plain ``` or ```JSON does not count, a
 * fence never closed (a truncated response) does not count, and a `<think>` trace outside the fence
 * is dropped with the rest. With `full` the whole response is passed.
 *
 * @example extractionInput('Intro\n```json\n{"a": 1}\n```\nmore', 'last-json') // '{"a": 1}'
 */
export function extractionInput(text: string, mode: ExtractionInputMode): string {
  if (mode === 'full') return text;
  const matches = [...text.matchAll(STUDY_JSON_FENCE)];
  const last = matches.at(-1);
  return last ? (last[1] ?? '').trim() : text;
}
