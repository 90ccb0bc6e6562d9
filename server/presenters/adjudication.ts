import type {
  AdjudicationItem,
  AdjudicationQueue,
  GoldHistoryEntry,
  GoldState,
  Reveal,
} from '../../shared/adjudication-api.ts';
import { countErrorClasses } from '../../shared/scoring/error-classes.ts';
import type {
  AdjudicatorItem,
  AdjudicatorQueue,
  AdjudicatorQueueEntry,
  RevealedExtractor,
} from '../services/adjudication/index.ts';
import { ACCEPTED_NOTE, type GoldHistoryRow, isFinalGold, type StoredGold } from '../store/adjudications.ts';
import type { StoredArgument } from '../store/arguments.ts';

export function presentGoldState(gold: StoredGold): GoldState {
  return {
    status: gold.status,
    version: gold.version,
    judgement: gold.judgement,
    decisions: gold.decisions,
    adjudicator: gold.adjudicator,
    note: gold.note,
    updatedAt: gold.updatedAt,
    fixedAt: gold.fixedAt,
  };
}

/** The queue status of an item: its gold's status, or whether an adjudicator has begun. */
function queueStatus({
  gold,
  started,
}: Pick<AdjudicatorQueueEntry, 'gold' | 'started'>): AdjudicationQueue['items'][number]['status'] {
  if (gold?.status === 'imported') return 'imported';
  if (gold?.status === 'fixed') return gold.note === ACCEPTED_NOTE ? 'accepted' : 'fixed';
  return gold || started ? 'in_progress' : 'waiting';
}

/** The adjudicator's queue: per item its key, position, counts and status; how many are not ready. */
export function presentAdjudicationQueue({ entries, notReady }: AdjudicatorQueue): AdjudicationQueue {
  return {
    items: entries.map((entry) => ({
      itemKey: entry.itemKey,
      position: entry.position,
      annotations: entry.annotations,
      disagreements: entry.disagreements,
      status: queueStatus(entry),
    })),
    notReady,
  };
}

/**
 * The one place that decides what an adjudicator sees of an item before the reveal: the text, its
 * finish reason, the two submitted judgements as A and B, their disagreements and the gold. Not
 * the argument, triple or model, nor the test (the argument id spells them out), nor the argument's
 * `source` (free text that can name the model or the run that made it), nor the extractors — those
 * come only with the reveal, once the gold is fixed. The annotators' names only when the
 * adjudicator asks (`names`): by default A and B are judged on their marks alone.
 */
export function presentItemForAdjudicator(input: AdjudicatorItem, names: boolean): AdjudicationItem {
  const { argument, gold } = input;
  return {
    itemKey: input.item.itemKey,
    position: input.position,
    queueLength: input.queueLength,
    text: argument.record.text,
    finishReason: argument.record.finish_reason ?? null,
    annotations: input.annotations.map((annotation, index) => ({
      label: index === 0 ? 'A' : 'B',
      annotator: names ? annotation.annotator : null,
      judgement: annotation.judgement,
      submittedAt: annotation.submittedAt,
    })),
    disagreements: input.disagreements,
    gold: gold ? presentGoldState(gold) : null,
    canReveal: gold !== undefined && isFinalGold(gold),
    started: input.item.startedAt !== null || gold !== undefined,
  };
}

/** The gold's history, numbered from 1 within it (a store row id would tell how busy the study is). */
export function presentGoldHistory(rows: readonly GoldHistoryRow[]): GoldHistoryEntry[] {
  return rows.map((row, index) => ({
    id: index + 1,
    actor: row.actor,
    action: row.action,
    status: row.status,
    version: row.version,
    judgement: row.judgement,
    decisions: row.decisions,
    note: row.note,
    rejected: row.rejected,
    at: row.at,
  }));
}

/**
 * The reveal: the argument as an admin sees it (id, model, test), and every extractor of the study on
 * it — `missing` without output, `failed` with its error, or its units classified against the gold.
 */
export function presentReveal(argument: StoredArgument, extractors: readonly RevealedExtractor[]): Reveal {
  return {
    argumentId: argument.record.id,
    model: argument.record.model,
    test: argument.record.test,
    extractors: extractors.map(({ name, extraction, decisions }) => ({
      extractor: name,
      status: extraction === undefined ? 'missing' : extraction.status,
      error: extraction?.error ?? null,
      decisions,
      counts: countErrorClasses(decisions),
      mentions: extraction?.status === 'extracted' ? (extraction.mentions ?? []) : [],
    })),
  };
}
