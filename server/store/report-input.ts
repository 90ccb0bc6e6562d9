import { setOptionalArgumentFields } from './arguments.ts';
import type { Db } from './db.ts';

/** An argument as scoring reads it: everything but its text, which no figure of a report uses. */
export interface ScoredArgument {
  id: string;
  triple_id: string;
  model: string;
  test: 1 | 2 | 3;
  finish_reason?: string;
  output_tokens?: number;
  source?: string;
}

/**
 * The study's arguments without their texts (at 72,000 arguments of 3,000 characters, the texts are
 * 200 MB a report never reads), in row order like `listArguments`.
 */
export async function listArgumentsForScoring(db: Db, studyId: number): Promise<ScoredArgument[]> {
  const rows = await db.all<{
    id: string;
    tripleId: string;
    model: string;
    test: 1 | 2 | 3;
    finishReason: string | null;
    outputTokens: number | null;
    source: string | null;
  }>(
    `SELECT a.external_id AS id, t.external_id AS tripleId, a.model, a.test, a.finish_reason AS finishReason,
       a.output_tokens AS outputTokens, a.source
     FROM arguments a JOIN triples t ON t.id = a.triple_id WHERE a.study_id = ? ORDER BY a.id`,
    [studyId],
  );
  return rows.map((row) => {
    const argument: ScoredArgument = {
      id: row.id,
      triple_id: row.tripleId,
      model: row.model,
      test: row.test,
    };
    setOptionalArgumentFields(argument, row);
    return argument;
  });
}

/** The names of the study's extractors that have output (what a report's `extractor` may name). */
export async function listExtractorNamesWithOutput(db: Db, studyId: number): Promise<string[]> {
  return (
    await db.all<{ name: string }>(
      `SELECT x.name FROM extractors x
       WHERE x.study_id = ? AND EXISTS (SELECT 1 FROM extractions e WHERE e.extractor_id = x.id)`,
      [studyId],
    )
  ).map((row) => row.name);
}
