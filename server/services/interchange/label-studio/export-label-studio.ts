import { type LsTaskOut, labelStudioTask } from '../../../../shared/label-studio/tasks.ts';
import { listFinalGold } from '../../../store/adjudications.ts';
import { listAnnotations } from '../../../store/annotations.ts';
import { listArguments } from '../../../store/arguments.ts';
import type { Db } from '../../../store/db.ts';
import { listExtractions } from '../../../store/extractions.ts';
import { latestSample, listSampleItems } from '../../../store/samples.ts';
import { requireStudy } from '../../study/studies.ts';

/** The email domain written when none is given: reserved (RFC 2606), so it never reaches anyone. */
export const DEFAULT_EMAIL_DOMAIN = 'factor-audit.invalid';

export interface LabelStudioExportRequest {
  study: string;
  /** Each extractor's output as predictions (Label Studio shows them to labellers: leave out for blind work). */
  predictions: boolean;
  /** The final gold as each task's ground-truth annotation. */
  gold: boolean;
  /** `completed_by.email` is `<account>@<emailDomain>`, for Label Studio to match its members. */
  emailDomain: string;
}

/**
 * The study as Label Studio tasks (`labelStudioTask`), in study order: every argument with a
 * submitted annotation, in the latest sample, or (with `gold`) with final gold. Annotations are the
 * submitted ones, by annotator name; predictions are the extractors' usable output, by extractor name.
 */
export async function labelStudioTasks(db: Db, request: LabelStudioExportRequest): Promise<LsTaskOut[]> {
  const study = await requireStudy(db, request.study);
  const email = (name: string) => `${name}@${request.emailDomain}`;
  const annotations = await listAnnotations(db, study.id, 'submitted');
  const gold = new Map(
    (await listFinalGold(db, study.id)).map((record) => [record.argumentExternalId, record]),
  );
  const extractions = request.predictions ? await listExtractions(db, study.id) : [];
  const sample = await latestSample(db, study.id);
  const sampled = new Set(
    sample ? (await listSampleItems(db, sample.id)).map((item) => item.argumentId) : [],
  );
  const tasks: LsTaskOut[] = [];
  for (const argument of await listArguments(db, study.id)) {
    const id = argument.record.id;
    const marks = annotations.filter((annotation) => annotation.argumentExternalId === id);
    const final = request.gold ? gold.get(id) : undefined;
    if (marks.length === 0 && !final && !sampled.has(id)) continue;
    tasks.push(
      labelStudioTask({
        argumentId: id,
        text: argument.record.text,
        annotations: marks.map((annotation) => ({
          email: email(annotation.annotator),
          secondsSpent: annotation.secondsSpent,
          judgement: annotation.judgement,
        })),
        gold: final && {
          email: final.adjudicator === null ? null : email(final.adjudicator),
          judgement: final.judgement,
        },
        extractions: extractions.filter((extraction) => extraction.argument_id === id),
      }),
    );
  }
  return tasks;
}
