import type { ArgumentDetail } from '../services/annotation/index.ts';
import { presentGoldState } from './adjudication.ts';

/**
 * What an admin sees of one argument: the record, its triple and extractions as stored, each
 * annotation's state by annotator (not its row ids or its last client save id), and the gold.
 */
export function presentArgumentDetail(detail: ArgumentDetail) {
  return {
    argument: detail.argument,
    triple: detail.triple,
    extractions: detail.extractions,
    annotations: detail.annotations.map((annotation) => ({
      annotator: annotation.annotator,
      status: annotation.status,
      version: annotation.version,
      judgement: annotation.judgement,
      secondsSpent: annotation.secondsSpent,
      updatedAt: annotation.updatedAt,
    })),
    gold: detail.gold ? presentGoldState(detail.gold) : null,
  };
}
