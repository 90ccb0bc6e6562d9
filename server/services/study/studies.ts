import type { StudySummary } from '../../../shared/api.ts';
import type { ReasoningTraceSetting } from '../../../shared/study-settings.ts';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import {
  findStudy,
  insertStudy,
  listStudies,
  type StudyRow,
  updateReasoningTrace,
} from '../../store/studies.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';

const STUDY_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** A study by name, created when missing (import and init create it; read commands do not). */
export async function ensureStudy(db: Db, name: string): Promise<{ study: StudyRow; created: boolean }> {
  if (!STUDY_NAME.test(name))
    throw errors.validation(
      `"${name}" is not a usable study name: use letters, digits, ".", "_" or "-" (at most 64).`,
    );
  const existing = await findStudy(db, name);
  if (existing) return { study: existing, created: false };
  return { study: await insertStudy(db, name), created: true };
}

/** A study that must already exist. */
export async function requireStudy(db: Db, name: string): Promise<StudyRow> {
  const study = await findStudy(db, name);
  if (!study)
    throw errors.notFound(`Study "${name}" (create it with: npm run -s cli -- init --study ${name})`);
  return study;
}

/**
 * Sets what the study's annotators see of a reasoning trace; recorded in the audit trail when it
 * changes (from, to). Returns the study as it is now.
 */
export async function setReasoningTrace(
  db: Db,
  study: StudyRow,
  setting: ReasoningTraceSetting,
  actor: AuditActor,
): Promise<StudyRow> {
  if (study.reasoningTrace === setting) return study;
  await db.transaction(async () => {
    await updateReasoningTrace(db, study.id, setting);
    await recordAudit(db, {
      studyId: study.id,
      actor,
      action: 'study.settings',
      subject: study.name,
      details: { reasoning_trace: { from: study.reasoningTrace, to: setting } },
    });
  });
  return { ...study, reasoningTrace: setting };
}

/** The studies of this database, by name, with when each was created (GET /api/studies). */
export async function studySummaries(db: Db): Promise<StudySummary[]> {
  return (await listStudies(db)).map((study) => ({ name: study.name, createdAt: study.createdAt }));
}
