import type { Role, StudyOverview } from '../../../shared/api.ts';
import { MODES, TESTS } from '../../../shared/vocabulary.ts';
import { errors } from '../../errors.ts';
import { countArgumentsByModelAndTest, countArgumentsBySource } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { countExtractions } from '../../store/extractions.ts';
import { studyTotals } from '../../store/studies.ts';
import { countTriplesByMode } from '../../store/triples.ts';
import type { User } from '../../store/users.ts';
import { latestSampleSummary } from '../sampling/samples.ts';
import { annotatorProgress } from './progress.ts';
import { requireStudy } from './studies.ts';

/**
 * Who may see a study's overview: it names every annotator with their progress and counts the gold and
 * each extractor's output — what an annotator must stay blind to (the client shows it to these roles only).
 */
const OVERVIEW_ROLES: readonly Role[] = ['admin', 'adjudicator'];

/** The overview for a signed-in viewer: admins and adjudicators see it; anyone else gets 403 pointing to their queue. */
export async function studyOverviewFor(db: Db, studyName: string, viewer: User): Promise<StudyOverview> {
  if (!viewer.roles.some((role) => OVERVIEW_ROLES.includes(role)))
    throw errors.forbidden(
      `The study overview is for admins and adjudicators; your items are in your queue: /studies/${encodeURIComponent(studyName)}/queue.`,
    );
  return await studyOverview(db, studyName);
}

/** What a study holds: totals, triples per mode, arguments and extractions per model × test, extractors. */
export async function studyOverview(db: Db, studyName: string): Promise<StudyOverview> {
  const study = await requireStudy(db, studyName);
  const triplesByMode = Object.fromEntries(MODES.map((mode) => [mode, 0])) as StudyOverview['triplesByMode'];
  for (const row of await countTriplesByMode(db, study.id)) triplesByMode[row.mode] = row.count;

  const extractionCounts = await countExtractions(db, study.id);
  const models = new Map<string, StudyOverview['models'][number]>();
  for (const row of await countArgumentsByModelAndTest(db, study.id)) {
    let entry = models.get(row.model);
    if (!entry) {
      entry = { model: row.model, byTest: TESTS.map((test) => ({ test, arguments: 0, extractions: 0 })) };
      models.set(row.model, entry);
    }
    const cell = entry.byTest.find((candidate) => candidate.test === row.test);
    if (cell) cell.arguments = row.count;
  }
  const extractors = new Map<string, { name: string; extracted: number; failed: number }>();
  for (const row of extractionCounts) {
    const cell = models.get(row.model)?.byTest.find((candidate) => candidate.test === row.test);
    if (cell) cell.extractions += row.count;
    const extractor = extractors.get(row.extractor) ?? { name: row.extractor, extracted: 0, failed: 0 };
    extractor[row.status === 'failed' ? 'failed' : 'extracted'] += row.count;
    extractors.set(row.extractor, extractor);
  }
  const extracted = [...extractors.values()].reduce((sum, extractor) => sum + extractor.extracted, 0);
  const failed = [...extractors.values()].reduce((sum, extractor) => sum + extractor.failed, 0);

  const totals = await studyTotals(db, study.id);
  const sample = await latestSampleSummary(db, study);
  return {
    study: study.name,
    totals: {
      triples: totals.triples,
      arguments: totals.arguments,
      extractions: extracted + failed,
      failedExtractions: failed,
      annotations: totals.submittedAnnotations,
      gold: totals.gold,
      reportedValues: totals.reportedValues,
    },
    triplesByMode,
    tests: [...TESTS],
    models: [...models.values()],
    extractors: [...extractors.values()],
    sources: (await countArgumentsBySource(db, study.id)).map(({ source, count }) => ({
      source,
      arguments: count,
    })),
    sample: sample && {
      version: sample.version,
      drawn: sample.drawn,
      strata: sample.strata.filter((stratum) => stratum.drawn > 0).length,
      seed: sample.seed,
      strataBy: sample.strataBy,
    },
    assignments: (await annotatorProgress(db, study)).map(({ annotator, assigned, submitted, drafts }) => ({
      annotator,
      assigned,
      submitted,
      drafts,
    })),
  };
}
