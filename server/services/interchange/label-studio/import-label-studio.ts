import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { locateArrayElements } from '../../../../shared/json-locate.ts';
import { type AnnotatorMap, annotatorName } from '../../../../shared/label-studio/annotator-name.ts';
import { judgementFromResults } from '../../../../shared/label-studio/read-results.ts';
import { type LsAnnotation, lsTaskSchema } from '../../../../shared/label-studio/task-format.ts';
import { readJson } from '../../../../shared/text/strict-json.ts';
import { describeIssues } from '../../../../shared/zod-issues.ts';
import { errors, type RecordProblem } from '../../../errors.ts';
import { findArgument } from '../../../store/arguments.ts';
import type { Db } from '../../../store/db.ts';
import { findStudy } from '../../../store/studies.ts';
import type { AuditActor } from '../../audit/audit.ts';
import { type ImportSummary, importRecords } from '../import/import-records.ts';
import { utf8Problems } from '../import/read-source.ts';

export interface LabelStudioImportRequest {
  file: string;
  study: string;
  /** Each annotation as an annotator's submitted work, or each task's one annotation as final gold. */
  as: 'annotations' | 'gold';
  /** `--annotator` mappings (Label Studio user id or email → account name). */
  annotators: AnnotatorMap;
  replace?: boolean;
  /** Who imports: the audit entry's actor. */
  actor: AuditActor;
}

/**
 * The annotation that is a task's gold: its one ground-truth annotation; with none, its only
 * annotation (a project with one labeller per task); `undefined` — skip the task — when it has several
 * and none is marked; a message when several are marked.
 */
function goldAnnotation(annotations: readonly LsAnnotation[]): LsAnnotation | undefined | string {
  const truth = annotations.filter((annotation) => annotation.ground_truth === true);
  if (truth.length > 1)
    return `${truth.length} annotations are marked ground truth; keep one mark in Label Studio, or import them --as annotations`;
  if (truth.length === 1) return truth[0];
  return annotations.length === 1 ? annotations[0] : undefined;
}

/**
 * Imports a Label Studio JSON export made with factor-audit's labelling configuration
 * (`export label-studio`), all or nothing: every task and annotation is read first
 * (`judgementFromResults`; the annotator by `annotatorName`), and the task's text must be the stored
 * argument's, or its offsets would mark other words; then the records go through `importRecords` as
 * `annotations` (every annotation not cancelled, as submitted work) or `gold` (per task its one
 * ground-truth annotation, else its only annotation, as imported final gold — a task with several and
 * none marked is skipped with a warning; the adjudicator is the author when Label Studio names one). Problems are reported by the line each task starts on.
 */
export async function importLabelStudio(db: Db, request: LabelStudioImportRequest): Promise<ImportSummary> {
  const bytes = await readFile(request.file).catch((error: unknown) => {
    throw errors.validation(
      `${request.file}: cannot read it (${error instanceof Error ? error.message : String(error)}).`,
    );
  });
  // A JSON document cannot be read reliably around a byte that is not UTF-8: those lines alone.
  const encoding = utf8Problems(bytes);
  if (encoding.length > 0) throw errors.importInvalid(request.file, encoding);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const reading = readJson(text);
  if (!reading.ok) throw errors.validation(`${request.file}: ${reading.message}.`);
  const document = reading.value;
  if (!Array.isArray(document))
    throw errors.validation(`${request.file}: a Label Studio JSON export is an array of tasks.`);
  const taskLines = locateArrayElements(text);
  const study = await findStudy(db, request.study);
  const problems: RecordProblem[] = [];
  const warnings: string[] = [];
  const values: unknown[] = [];
  const valueLines: number[] = [];
  for (const [index, raw] of document.entries()) {
    const line = taskLines[index] ?? 1;
    const parsed = lsTaskSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push({ line, message: `task ${index + 1}: ${describeIssues(parsed.error).join('; ')}` });
      continue;
    }
    const task = parsed.data;
    const argumentId = task.data.argument_id;
    const stored = study && (await findArgument(db, study.id, argumentId));
    if (stored && stored.record.text !== task.data.text) {
      problems.push({
        line,
        message: `task ${index + 1}: its text is not argument "${argumentId}"'s as stored; its offsets would mark other words`,
      });
      continue;
    }
    const live = task.annotations.filter((annotation) => annotation.was_cancelled !== true);
    const chosen: LsAnnotation[] = [];
    if (request.as === 'gold') {
      if (live.length === 0) continue;
      const gold = goldAnnotation(live);
      if (typeof gold === 'string') problems.push({ line, message: `task ${index + 1}: ${gold}` });
      else if (gold === undefined)
        warnings.push(
          `task ${index + 1} ("${argumentId}") has ${live.length} annotations and none marked ground truth: no gold from it`,
        );
      else chosen.push(gold);
    } else chosen.push(...live);
    for (const annotation of chosen) {
      const where = `task ${index + 1} ("${argumentId}")`;
      const read = judgementFromResults(task.data.text, annotation.result);
      if (read.judgement === null)
        for (const message of read.problems) problems.push({ line, message: `${where}: ${message}` });
      // Gold may name no author (the export writes none for gold without an adjudicator); work must.
      let name: string | undefined;
      if (request.as === 'annotations' || annotation.completed_by !== undefined) {
        const who = annotatorName(annotation.completed_by, request.annotators);
        if (who.problem !== undefined) problems.push({ line, message: `${where}: ${who.problem}` });
        name = who.name;
        if (name === undefined) continue;
      }
      if (read.judgement === null) continue;
      values.push(
        request.as === 'gold'
          ? {
              argument_id: argumentId,
              ...(name === undefined ? {} : { adjudicator: name }),
              ...read.judgement,
            }
          : { argument_id: argumentId, annotator: name, ...read.judgement },
      );
      valueLines.push(line);
    }
  }
  if (values.length === 0 && problems.length === 0)
    throw errors.validation(`${request.file} holds no annotation to import (cancelled ones are skipped).`);
  // The records' own checks (their argument, spans, conflicts) run beside the problems found above,
  // so one pass reports them all; each by the line of the task it came from.
  const summary = await importRecords(db, {
    kind: request.as,
    study: request.study,
    sourceName: basename(request.file),
    displayName: request.file,
    values,
    lines: valueLines,
    problems,
    replace: request.replace ?? false,
    actor: request.actor,
  });
  return { ...summary, warnings: [...warnings, ...summary.warnings] };
}
