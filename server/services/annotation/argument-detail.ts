import type { Argument } from '../../../shared/schemas/argument.ts';
import type { Extraction } from '../../../shared/schemas/extraction.ts';
import type { Triple } from '../../../shared/schemas/triple.ts';
import { errors } from '../../errors.ts';
import { findGold, type StoredGold } from '../../store/adjudications.ts';
import { listAnnotationsOfArgument, type StoredAnnotation } from '../../store/annotations.ts';
import { findArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { listExtractionsOfArgument } from '../../store/extractions.ts';
import type { StudyRow } from '../../store/studies.ts';
import { findTripleByRowId } from '../../store/triples.ts';

/** Everything the study holds about one argument — for admins (`presentArgumentDetail`). */
export interface ArgumentDetail {
  argument: Argument;
  triple: Triple | null;
  extractions: Extraction[];
  annotations: StoredAnnotation[];
  gold: StoredGold | undefined;
}

/** Everything the study holds about one argument — for admins; never shown to annotators. */
export async function argumentDetail(db: Db, study: StudyRow, argumentId: string): Promise<ArgumentDetail> {
  const argument = await findArgument(db, study.id, argumentId);
  if (!argument) throw errors.notFound(`Argument "${argumentId}" in study "${study.name}"`);
  return {
    argument: argument.record,
    triple: (await findTripleByRowId(db, argument.tripleRowId))?.record ?? null,
    extractions: await listExtractionsOfArgument(db, argument.rowId),
    annotations: await listAnnotationsOfArgument(db, argument.rowId),
    gold: await findGold(db, argument.rowId),
  };
}
