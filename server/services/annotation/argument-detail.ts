import { errors } from '../../errors.ts';
import { presentGoldState } from '../../presenters/adjudication.ts';
import { findGold } from '../../store/adjudications.ts';
import { listAnnotationsOfArgument } from '../../store/annotations.ts';
import { findArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { listExtractionsOfArgument } from '../../store/extractions.ts';
import type { StudyRow } from '../../store/studies.ts';
import { findTripleByRowId } from '../../store/triples.ts';

/** Everything the study holds about one argument — for admins; never shown to annotators. */
export function argumentDetail(db: Db, study: StudyRow, argumentId: string) {
  const argument = findArgument(db, study.id, argumentId);
  if (!argument) throw errors.notFound(`Argument "${argumentId}" in study "${study.name}"`);
  const gold = findGold(db, argument.rowId);
  return {
    argument: argument.record,
    triple: findTripleByRowId(db, argument.tripleRowId)?.record ?? null,
    extractions: listExtractionsOfArgument(db, argument.rowId),
    annotations: listAnnotationsOfArgument(db, argument.rowId).map((annotation) => ({
      annotator: annotation.annotator,
      status: annotation.status,
      version: annotation.version,
      judgement: annotation.judgement,
      secondsSpent: annotation.secondsSpent,
      updatedAt: annotation.updatedAt,
    })),
    gold: gold ? presentGoldState(gold) : null,
  };
}
