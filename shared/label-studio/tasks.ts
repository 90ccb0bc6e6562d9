import type { Judgement } from '../schemas/annotation.ts';
import type { Extraction } from '../schemas/extraction.ts';
import { type EvidenceMention, judgementResults, predictionResults } from './judgement-results.ts';
import type { LsResultItem } from './task-format.ts';

/** One argument with everything a Label Studio task shows of it. */
export interface TaskSource {
  argumentId: string;
  text: string;
  /** Submitted annotations, each with the email Label Studio matches its annotator by. */
  annotations: readonly { email: string; secondsSpent: number; judgement: Judgement }[];
  /** The final gold, written as the task's ground-truth annotation (only when asked for). */
  gold?: { email: string | null; judgement: Judgement } | undefined;
  /** Extractions to show as predictions; failed ones are left out by `labelStudioTask`. */
  extractions: readonly (Extraction & { mentions?: readonly EvidenceMention[] | undefined })[];
}

/** A task in Label Studio's import format. */
export interface LsTaskOut {
  data: { text: string; argument_id: string };
  annotations: {
    completed_by?: { email: string };
    ground_truth: boolean;
    lead_time?: number;
    result: LsResultItem[];
  }[];
  predictions: { model_version: string; result: LsResultItem[] }[];
}

/**
 * One Label Studio task (its import format) for an argument: `data` holds the text and the argument id
 * (how an export comes back to its argument); each annotator's judgement is an annotation
 * (`judgementResults`) made by `completed_by: { email }`, which Label Studio's import matches to a
 * member of the organisation, with `lead_time` the active seconds and `ground_truth: false`; the gold,
 * when given, is one more annotation with `ground_truth: true`; each extractor's usable output is a
 * prediction (`predictionResults`) whose `model_version` is the extractor's name. Pure.
 *
 * @example labelStudioTask(source).data // { text: '…', argument_id: 'a1' }
 */
export function labelStudioTask(source: TaskSource): LsTaskOut {
  const annotations: LsTaskOut['annotations'] = source.annotations.map((annotation) => ({
    completed_by: { email: annotation.email },
    ground_truth: false,
    lead_time: annotation.secondsSpent,
    result: judgementResults(source.text, annotation.judgement),
  }));
  if (source.gold)
    annotations.push({
      ...(source.gold.email === null ? {} : { completed_by: { email: source.gold.email } }),
      ground_truth: true,
      result: judgementResults(source.text, source.gold.judgement),
    });
  return {
    data: { text: source.text, argument_id: source.argumentId },
    annotations,
    predictions: source.extractions
      .filter((extraction) => extraction.status === 'extracted')
      .map((extraction) => ({
        model_version: extraction.extractor,
        result: predictionResults(source.text, extraction),
      })),
  };
}
