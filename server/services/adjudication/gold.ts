import { decisionProblems, problemMessage } from '../../../shared/adjudication/check-decisions.ts';
import type { SaveGold } from '../../../shared/adjudication-api.ts';
import { checkSpans } from '../../../shared/span-rules.ts';
import { errors, refused, type WriteOutcome, written } from '../../errors.ts';
import { ensureAdjudicationItem, startAdjudicationItem } from '../../store/adjudication-items.ts';
import {
  appendRejectedGold,
  findGold,
  type GoldHistoryRow,
  isFinalGold,
  listGoldHistory,
  type StoredGold,
  writeGold,
} from '../../store/adjudications.ts';
import { findArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import type { User } from '../../store/users.ts';
import { checkVersion, staleVersionMessage } from '../annotation/optimistic-save.ts';
import { appActor, recordAudit } from '../audit/audit.ts';
import { refreshErrorClasses } from '../extraction/error-classes.ts';
import { type AdjudicationRequest, comparedAnnotations, openItem } from './item-context.ts';

/** The audit entry of a change of an item's gold (inside the change's transaction). */
export async function auditGold(
  db: Db,
  study: StudyRow,
  user: User,
  saved: StoredGold,
  action: 'gold.save' | 'gold.fix' | 'gold.accept' | 'gold.reopen',
): Promise<void> {
  await recordAudit(db, {
    studyId: study.id,
    actor: appActor(user),
    action,
    subject: saved.argumentExternalId,
    details: { version: saved.version, status: saved.status },
  });
}

function finalGoldMessage(gold: StoredGold): string {
  return gold.status === 'imported'
    ? `The gold of this item was imported${gold.note ? ` from ${gold.note}` : ''}; ask an admin to reopen it before changing it.`
    : 'The gold of this item is fixed; ask an admin to reopen it before changing it.';
}

/**
 * Saves the adjudicator's gold (`save`: a draft) or decides it (`fix`), with the annotations' own
 * concurrency rule (`checkVersion`: a stale version writes only a `conflict` history entry and is
 * refused with the current gold, a 409 once the route presents it; the retry of an applied save is
 * answered with the stored gold). The
 * judgement must satisfy the span rules over the text, and the decisions must name the item's
 * disagreements, once each (400 naming the field); to fix, every disagreement must be decided and the
 * gold must carry out each decision (`decisionProblems`). Fixed or imported gold is not changed here:
 * an admin reopens it first (refused: 409). Saving starts adjudication of the item; fixing stores the error
 * classes of every extractor against the new gold.
 */
export async function saveGold(
  request: AdjudicationRequest,
  body: SaveGold,
): Promise<WriteOutcome<StoredGold>> {
  const { db, user } = request;
  const context = await openItem(request);
  const spanProblems = checkSpans(body.judgement, context.argument.record.text.length);
  if (spanProblems.length > 0)
    throw errors.validation(
      `judgement.${spanProblems[0]}`,
      spanProblems.map((problem) => `judgement.${problem}`),
    );
  const fixing = body.action === 'fix';
  const problems = decisionProblems(body.judgement, context.disagreements, body.decisions, fixing);
  const [first] = problems;
  if (first) throw errors.validation(problemMessage(first), problems.map(problemMessage));

  return await db.transaction(async (): Promise<WriteOutcome<StoredGold>> => {
    const existing = await findGold(db, context.argument.rowId);
    const check = checkVersion(existing, body);
    if (check === 'retry' && existing) return written(existing);
    if (check === 'stale') {
      if (existing)
        await appendRejectedGold(db, {
          adjudicationId: existing.id,
          actorId: user.id,
          status: existing.status,
          version: body.version,
          judgement: body.judgement,
          decisions: body.decisions,
        });
      return refused(
        existing,
        staleVersionMessage(
          'The gold of this item',
          body.version,
          existing?.version ?? 0,
          'reload the item before saving',
        ),
      );
    }
    if (existing && isFinalGold(existing)) return refused(existing, finalGoldMessage(existing));
    await startAdjudicationItem(db, context.argument.rowId, user.id);
    const saved = await writeGold(
      db,
      {
        argumentRowId: context.argument.rowId,
        status: fixing ? 'fixed' : 'draft',
        judgement: body.judgement,
        decisions: body.decisions,
        adjudicator: user.username,
        note: null,
        importId: null,
        clientSaveId: body.clientSaveId ?? null,
      },
      fixing ? 'fix' : 'save',
      user.id,
    );
    if (fixing) await refreshErrorClasses(db, context.argument.rowId);
    await auditGold(db, request.study, user, saved, fixing ? 'gold.fix' : 'gold.save');
    return written(saved);
  });
}

/** Every change of the item's gold, oldest first (empty before the first save). */
export async function goldHistory(request: AdjudicationRequest): Promise<GoldHistoryRow[]> {
  const { gold } = await openItem(request);
  return gold ? await listGoldHistory(request.db, gold.id) : [];
}

/**
 * An admin turns fixed or imported gold back into a draft, for the adjudicator to decide again; the
 * reason goes into the history with the admin's name. The decisions are kept, the note (acceptance,
 * import file) goes: the draft is nobody's final word. Refused (409) when there is no final gold, and
 * when the argument's annotations are not all submitted: the draft could then not be adjudicated in
 * the app (re-import the gold with --replace instead).
 */
export async function reopenGold(
  { db, study, user }: { db: Db; study: StudyRow; user: User },
  argumentId: string,
  reason: string,
): Promise<WriteOutcome<StoredGold>> {
  const argument = await findArgument(db, study.id, argumentId);
  if (!argument) throw errors.notFound(`Argument "${argumentId}" in study "${study.name}"`);
  return await db.transaction(async (): Promise<WriteOutcome<StoredGold>> => {
    const gold = await findGold(db, argument.rowId);
    if (!gold) return refused<StoredGold>(undefined, 'This argument has no gold to reopen.');
    if (!isFinalGold(gold))
      return refused(
        gold,
        'The gold of this argument is already a draft; the adjudicator can change it as it is.',
      );
    const item = await ensureAdjudicationItem(db, argument.rowId);
    if (!(await comparedAnnotations(db, argument.rowId, item.itemKey)).ready)
      return refused(
        gold,
        'This argument lacks the submitted annotations an adjudicator would decide between; re-import its gold with --replace instead of reopening it.',
      );
    const saved = await writeGold(
      db,
      {
        argumentRowId: argument.rowId,
        status: 'draft',
        judgement: gold.judgement,
        decisions: gold.decisions,
        adjudicator: gold.adjudicator,
        note: null,
        importId: null,
      },
      'reopen',
      user.id,
      reason,
    );
    await auditGold(db, study, user, saved, 'gold.reopen');
    return written(saved);
  });
}
