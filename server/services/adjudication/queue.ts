import { agreedJudgement } from '../../../shared/adjudication/agreed-judgement.ts';
import type { AcceptResult } from '../../../shared/adjudication-api.ts';
import { checkSpans } from '../../../shared/span-rules.ts';
import {
  findAdjudicationItemByKey,
  isInvolved,
  startAdjudicationItem,
} from '../../store/adjudication-items.ts';
import { ACCEPTED_NOTE, findGold, type StoredGold, writeGold } from '../../store/adjudications.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import type { User } from '../../store/users.ts';
import { appActor, recordAudit } from '../audit/audit.ts';
import { refreshErrorClasses } from '../extraction/error-classes.ts';
import { auditGold } from './gold.ts';
import {
  type AdjudicationRequest,
  comparedAnnotations,
  disagreementsOf,
  type ItemContext,
  openItem,
  queueEntries,
} from './item-context.ts';

/** One item of the adjudicator's queue, as its status is told from it (`queueStatus`). */
export interface AdjudicatorQueueEntry {
  itemKey: string;
  /** From 1, in queue order. */
  position: number;
  /** How many submitted annotations the item compares, and how many disagreements they have. */
  annotations: number;
  disagreements: number;
  /** The gold's status and note, when the item has gold. */
  gold: Pick<StoredGold, 'status' | 'note'> | undefined;
  /** Whether an adjudicator has started the item. */
  started: boolean;
}

/** The adjudicator's queue, and how many items still wait for an annotator. */
export interface AdjudicatorQueue {
  entries: AdjudicatorQueueEntry[];
  notReady: number;
}

/**
 * The adjudicator's queue: every ready item they did not annotate (`queueEntries`), each with its
 * number of submitted annotations, of disagreements between A and B, its gold's status and whether
 * it has started; and how many items still wait for an annotator.
 */
export async function adjudicationQueue(db: Db, study: StudyRow, user: User): Promise<AdjudicatorQueue> {
  const { entries, notReady } = await db.transaction(async () => await queueEntries(db, study, user));
  return {
    entries: await Promise.all(
      entries.map(async ({ candidate, itemKey }, index) => {
        const { annotations } = await comparedAnnotations(db, candidate.argumentRowId, itemKey);
        return {
          itemKey,
          position: index + 1,
          annotations: annotations.length,
          disagreements: disagreementsOf(annotations).length,
          gold:
            candidate.goldStatus === null
              ? undefined
              : { status: candidate.goldStatus, note: candidate.goldNote },
          started: candidate.startedAt !== null,
        };
      }),
    ),
    notReady,
  };
}

/** An opened item with its place in the caller's queue (from 1) and the queue's length. */
export interface AdjudicatorItem extends ItemContext {
  position: number;
  queueLength: number;
}

/**
 * One item for the adjudicator (what they see of it is `presentItemForAdjudicator`'s to decide);
 * opening it does not start adjudication.
 */
export async function adjudicationItem(request: AdjudicationRequest): Promise<AdjudicatorItem> {
  const context = await openItem(request);
  const { entries } = await queueEntries(request.db, request.study, request.user);
  const index = entries.findIndex((entry) => entry.itemKey === context.item.itemKey);
  return { ...context, position: index + 1, queueLength: entries.length };
}

/**
 * Starts adjudication of an item (idempotent): from now on its annotators cannot reopen their work.
 * Answers the item as `adjudicationItem` does (its route shows it without names).
 */
export async function startAdjudication(request: AdjudicationRequest): Promise<AdjudicatorItem> {
  const { db, study, user } = request;
  const context = await openItem(request);
  await db.transaction(async () => {
    await startAdjudicationItem(db, context.argument.rowId, user.id);
    if (context.item.startedAt === null)
      await recordAudit(db, {
        studyId: study.id,
        actor: appActor(user),
        action: 'adjudication.start',
        subject: context.argument.record.id,
      });
  });
  return await adjudicationItem(request);
}

/** Why an item cannot be accepted in bulk, or undefined when it can. */
async function refusal(db: Db, study: StudyRow, user: User, itemKey: string): Promise<string | undefined> {
  const item = await findAdjudicationItemByKey(db, study.id, itemKey);
  if (!item || (await isInvolved(db, item.argumentRowId, user.id))) return 'not in your adjudication queue';
  const { ready, annotations } = await comparedAnnotations(db, item.argumentRowId, item.itemKey);
  if (!ready) return 'not every annotation is submitted';
  if (annotations.length < 2) return 'annotated once only: adjudicate it instead';
  const gold = await findGold(db, item.argumentRowId);
  if (gold) return `it already has gold (${gold.status})`;
  const count = disagreementsOf(annotations).length;
  if (count > 0) return `${count} disagreement${count === 1 ? '' : 's'}: adjudicate it`;
  return undefined;
}

/**
 * Bulk acceptance: each listed item whose two annotators do not disagree at all, and which has no
 * gold yet, gets fixed gold equal to their (common) judgement, with no decisions, the note "accepted,
 * no disagreement", the caller as adjudicator and the time; its adjudication is started and its error
 * classes stored. Every other item is skipped with the reason. One transaction.
 */
export async function acceptItems(
  { db, study, user }: Omit<AdjudicationRequest, 'itemKey'>,
  itemKeys: readonly string[],
): Promise<AcceptResult> {
  // The result starts inside the body: PostgreSQL may run it twice (docs/decisions/022).
  return await db.transaction(async () => {
    const result: AcceptResult = { accepted: [], skipped: [] };
    for (const itemKey of new Set(itemKeys)) {
      const reason = await refusal(db, study, user, itemKey);
      if (reason !== undefined) {
        result.skipped.push({ itemKey, reason });
        continue;
      }
      const { argument, annotations } = await openItem({ db, study, user, itemKey });
      const [a, b] = annotations;
      if (!a || !b) continue;
      const judgement = agreedJudgement(a.judgement, b.judgement);
      const problems = checkSpans(judgement, argument.record.text.length);
      if (problems.length > 0) {
        result.skipped.push({
          itemKey,
          reason: `the annotators' common judgement breaks a span rule (${problems[0]})`,
        });
        continue;
      }
      await startAdjudicationItem(db, argument.rowId, user.id);
      const saved = await writeGold(
        db,
        {
          argumentRowId: argument.rowId,
          status: 'fixed',
          judgement,
          decisions: [],
          adjudicator: user.username,
          note: ACCEPTED_NOTE,
          importId: null,
        },
        'accept',
        user.id,
      );
      await refreshErrorClasses(db, argument.rowId);
      await auditGold(db, study, user, saved, 'gold.accept');
      result.accepted.push(itemKey);
    }
    return result;
  });
}
