import { parseDistilledFactors, stripThinking } from '../../../shared/parse/distilled-factors.ts';

/** What reading the model's answer gives: an extraction, or why the answer cannot be used. */
export type AnswerReading =
  | { ok: true; current: string[]; tsc1: string[]; tsc2: string[] }
  | { ok: false; error: string };

// After the object: nothing, or the closing fence of a ```json block.
const ENDS_AFTER_OBJECT = /[}\]]\s*(?:```\s*)?$/;

/**
 * Reads an extractor's answer with `parseDistilledFactors` (every notation the study's logs show,
 * `<think>` traces dropped). An answer cut off by the token limit (`finish_reason: "length"`) is
 * accepted only when it still parses **and** the answer ends right after the object (or its closing
 * fence): then the cut fell after a complete answer. Otherwise it is a truncated extraction — its
 * lists may lack factors the model was about to write, and counting them would score an omission
 * the argument never made.
 *
 * @example readExtractionAnswer('{"Input Case": ["F4"], "TSC1": [], "TSC2": []}', 'stop') // { ok: true, current: ['F4'], … }
 */
export function readExtractionAnswer(content: string, finishReason: string | null): AnswerReading {
  const parsed = parseDistilledFactors(content);
  if (finishReason === 'length') {
    const answer = stripThinking(content).answer;
    if (parsed.status === 'extracted' && ENDS_AFTER_OBJECT.test(answer))
      return { ok: true, current: parsed.current, tsc1: parsed.tsc1, tsc2: parsed.tsc2 };
    const why = parsed.status === 'failed' ? parsed.error : 'the answer goes on after the object';
    return { ok: false, error: `truncated extraction (finish_reason "length"): ${why}` };
  }
  if (parsed.status === 'failed') return { ok: false, error: `unreadable extraction: ${parsed.error}` };
  return { ok: true, current: parsed.current, tsc1: parsed.tsc1, tsc2: parsed.tsc2 };
}
