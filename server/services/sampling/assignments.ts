import type { AssignRequest, ReassignRequest } from '../../../shared/sample-api.ts';
import { assignAnnotators, reassignItems } from '../../../shared/sampling/index.ts';
import { errors } from '../../errors.ts';
import { listAnnotations } from '../../store/annotations.ts';
import { findArgument } from '../../store/arguments.ts';
import {
  type AssignmentLogEntry,
  assignmentLoads,
  insertAssignment,
  listAssignmentLog,
  listAssignmentLogPage,
  listAssignments,
  logAssignment,
  maxPosition,
  moveAssignment,
} from '../../store/assignments.ts';
import type { Db } from '../../store/db.ts';
import { listSampleItems } from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';
import { findUserByName, type User } from '../../store/users.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { requireSample } from './samples.ts';

async function requireAnnotator(db: Db, username: string): Promise<User> {
  const user = await findUserByName(db, username);
  if (!user)
    throw errors.notFound(
      `The user "${username}" (add them with: npm run -s cli -- user add ${username} --role annotator)`,
    );
  if (!user.roles.includes('annotator'))
    throw errors.validation(`"${username}" does not have the annotator role.`);
  if (user.disabled) throw errors.validation(`"${username}" is disabled.`);
  return user;
}

/**
 * The users, each once. Names are distinct as the request schema compares them (`usernameKey`); two
 * that still find one account are the caller's slip, refused rather than assigned twice.
 */
function distinctUsers(users: User[]): User[] {
  const seen = new Set<number>();
  for (const user of users) {
    if (seen.has(user.id))
      throw errors.validation(`annotators: ${user.username} is named twice; name each annotator once.`);
    seen.add(user.id);
  }
  return users;
}

export interface AssignmentSummary {
  sampleVersion: number;
  items: number;
  calibration: number;
  loads: Record<string, number>;
}

/**
 * Checks an assignment request and computes its plan without writing anything: every refusal of
 * `assignSample` (unknown or repeated annotators, too few for `perItem`, a sample already assigned, a
 * calibration item unknown or already queued) is raised here, so a preview refuses what the assignment
 * would.
 */
async function planAssignment(db: Db, study: StudyRow, request: AssignRequest) {
  const sample = await requireSample(db, study, request.sampleVersion);
  const annotators = distinctUsers(
    await Promise.all(request.annotators.map(async (name) => await requireAnnotator(db, name))),
  );
  if (request.perItem > annotators.length)
    throw errors.validation(
      `Each item needs ${request.perItem} annotators, but only ${annotators.length} were named.`,
    );
  const items = await listSampleItems(db, sample.id);
  const assignedItems = new Set(
    (await listAssignments(db, study.id)).map((assignment) => assignment.argumentId),
  );
  const already = items.filter((item) => assignedItems.has(item.argumentId));
  if (already.length > 0)
    throw errors.conflict(
      `Sample version ${sample.version} is already assigned (${already.length} of its ${items.length} items); use reassign to move unfinished items.`,
    );
  for (const id of request.calibration)
    if (!(await findArgument(db, study.id, id)))
      throw errors.notFound(`Calibration argument "${id}" in study "${study.name}"`);
  // A calibration item goes to every annotator named; one already in a queue of theirs (from an
  // earlier assignment) cannot be given to them again.
  const queued = new Set(
    (await listAssignments(db, study.id)).map(
      (assignment) => `${assignment.argumentId}\u0000${assignment.annotator}`,
    ),
  );
  for (const id of request.calibration)
    for (const user of annotators)
      if (queued.has(`${id}\u0000${user.username}`))
        throw errors.conflict(
          `Calibration argument "${id}" is already in the queue of ${user.username}; leave it out of calibration, or reassign it first.`,
        );

  const plan = assignAnnotators({
    itemIds: items.map((item) => item.argumentId),
    annotators: annotators.map((user) => user.username),
    perItem: request.perItem,
    seed: request.seed,
    calibrationIds: request.calibration,
    existingLoad: await assignmentLoads(db, study.id),
  });
  return { sample, annotators, items, plan };
}

/**
 * What `assignSample` would do — the loads per annotator, the items and calibration count — with
 * nothing written (the admin's preview and `assign --dry-run`). The same seed gives the same plan.
 */
export async function previewAssignment(
  db: Db,
  study: StudyRow,
  request: AssignRequest,
): Promise<AssignmentSummary> {
  const { sample, items, plan } = await planAssignment(db, study, request);
  return {
    sampleVersion: sample.version,
    items: items.length,
    calibration: request.calibration.length,
    loads: plan.loads,
  };
}

/**
 * Assigns every item of a sample (the latest by default) to `perItem` annotators, load balanced,
 * each annotator's queue in a seeded random order with the calibration items first. A sample is
 * assigned once; later changes go through `reassign`. Every assignment is logged, and the whole
 * assignment is one audit entry written in the same transaction, so the change and its entry are
 * stored together or not at all.
 */
export async function assignSample(
  db: Db,
  study: StudyRow,
  request: AssignRequest,
  auditActor: AuditActor,
): Promise<AssignmentSummary> {
  const actor = actorName(auditActor);
  const { sample, annotators, items, plan } = await planAssignment(db, study, request);
  const summary: AssignmentSummary = {
    sampleVersion: sample.version,
    items: items.length,
    calibration: request.calibration.length,
    loads: plan.loads,
  };
  await db.transaction(async () => {
    const userByName = new Map(annotators.map((user) => [user.username, user]));
    const offset = new Map(
      await Promise.all(
        annotators.map(async (user) => [user.username, await maxPosition(db, study.id, user.id)] as const),
      ),
    );
    for (const assignment of plan.assignments) {
      const user = userByName.get(assignment.annotator);
      const argument = await findArgument(db, study.id, assignment.itemId);
      if (!user || !argument)
        throw new Error(
          `assignment to an unknown user or argument: ${assignment.annotator}, ${assignment.itemId}`,
        );
      await insertAssignment(db, {
        argumentRowId: argument.rowId,
        userId: user.id,
        position: (offset.get(user.username) ?? 0) + assignment.position,
        calibration: assignment.calibration,
        sampleId: sample.id,
      });
      await logAssignment(db, {
        argumentRowId: argument.rowId,
        fromUserId: null,
        toUserId: user.id,
        action: 'assign',
        actor,
      });
    }
    await recordAudit(db, {
      studyId: study.id,
      actor: auditActor,
      action: 'assignment.assign',
      subject: `sample ${summary.sampleVersion}`,
      details: { items: summary.items, calibration: summary.calibration, loads: summary.loads },
    });
  });
  return summary;
}

/** The name the assignment log records: the account, or `cli` for the command line. */
function actorName(actor: AuditActor): string {
  return actor.name ?? 'cli';
}

/**
 * Moves `from`'s unfinished items (or the named ones) to `to`, at the end of `to`'s queue; logged,
 * with one audit entry when anything moved.
 */
export async function reassign(db: Db, study: StudyRow, request: ReassignRequest, auditActor: AuditActor) {
  const actor = actorName(auditActor);
  const from = await findUserByName(db, request.from);
  if (!from) throw errors.notFound(`The user "${request.from}"`);
  const to = await requireAnnotator(db, request.to);
  if (from.id === to.id)
    throw errors.validation(
      `from and to are both ${from.username} (names compare case-insensitively); name the annotator to move the items to.`,
    );
  const assignments = (await listAssignments(db, study.id)).map((row) => ({
    itemId: row.argumentId,
    annotator: row.annotator,
    position: row.position,
    calibration: row.calibration === 1,
  }));
  const finished = new Set(
    (await listAnnotations(db, study.id, 'submitted'))
      .filter((annotation) => annotation.annotator === from.username)
      .map((annotation) => annotation.argumentExternalId),
  );
  const plan = reassignItems({
    assignments,
    from: from.username,
    to: to.username,
    finishedItemIds: finished,
    ...(request.items === undefined ? {} : { onlyItems: request.items }),
  });
  await db.transaction(async () => {
    for (const moved of plan.moved) {
      const argument = await findArgument(db, study.id, moved.itemId);
      if (!argument) throw new Error(`reassigning an unknown argument ${moved.itemId}`);
      await moveAssignment(db, argument.rowId, from.id, to.id, moved.position);
      await logAssignment(db, {
        argumentRowId: argument.rowId,
        fromUserId: from.id,
        toUserId: to.id,
        action: 'reassign',
        actor,
      });
    }
    if (plan.moved.length > 0)
      await recordAudit(db, {
        studyId: study.id,
        actor: auditActor,
        action: 'assignment.reassign',
        subject: `${request.from} → ${request.to}`,
        // The first hundred ids say which; the count says how many (a whole queue may move).
        details: { moved: plan.moved.length, items: plan.moved.slice(0, 100).map((item) => item.itemId) },
      });
  });
  return { moved: plan.moved.map((item) => item.itemId), skipped: plan.skipped };
}

/** The records of `export assignments`. */
export async function assignmentRecords(db: Db, study: StudyRow) {
  return (await listAssignments(db, study.id)).map((row) => ({
    argument_id: row.argumentId,
    annotator: row.annotator,
    position: row.position,
    calibration: row.calibration === 1,
    sample_version: row.sampleVersion,
  }));
}

/** Every (re)assignment of the study, by whom and when (`export assignment-log`, GET …/assignments/log). */
export async function assignmentLog(db: Db, study: StudyRow): Promise<AssignmentLogEntry[]> {
  return await listAssignmentLog(db, study.id);
}

/** One page of the assignment log, newest first, with the number of entries (the console's table). */
export async function assignmentLogPage(
  db: Db,
  study: StudyRow,
  page: { page: number; pageSize: number },
): Promise<{ total: number; items: AssignmentLogEntry[] }> {
  return await listAssignmentLogPage(db, study.id, page);
}
