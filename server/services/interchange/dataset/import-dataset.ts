import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { orderForAdjudication } from '../../../../shared/adjudication/annotator-order.ts';
import { DATASET_FILES } from '../../../../shared/dataset/dataset-files.ts';
import { type DatasetRecord, datasetRecordSchema } from '../../../../shared/dataset/dataset-record.ts';
import { datasetManifestSchema } from '../../../../shared/dataset/manifest.ts';
import { annotatorAccount } from '../../../../shared/dataset/pseudonyms.ts';
import {
  type DatasetSampleDesign,
  datasetSampleDesignSchema,
} from '../../../../shared/dataset/sample-design.ts';
import { readJson } from '../../../../shared/text/strict-json.ts';
import { describeIssues } from '../../../../shared/zod-issues.ts';
import { errors, isAppError, type RecordProblem } from '../../../errors.ts';
import { findAdjudicationItem, insertAdjudicationItem } from '../../../store/adjudication-items.ts';
import { ACCEPTED_NOTE, findGold, writeGold } from '../../../store/adjudications.ts';
import { findArgument } from '../../../store/arguments.ts';
import { newItemKey } from '../../../store/assignments.ts';
import type { Db } from '../../../store/db.ts';
import {
  insertSample,
  insertSampleItem,
  insertSampleStratum,
  latestSample,
  listSamples,
} from '../../../store/samples.ts';
import type { AuditActor } from '../../audit/audit.ts';
import { refreshErrorClasses } from '../../extraction/error-classes.ts';
import { applyArgument, applyTriple } from '../import/apply-records.ts';
import { type ImportSummary, writeParsed } from '../import/import-records.ts';
import type { ParsedRecord } from '../import/parse-records.ts';
import { applyAnnotation, applyExtraction, flushArguments, flushPending } from '../import/pending-records.ts';
import { utf8Problems } from '../import/read-source.ts';
import { type ApplyContext, reconcile } from '../import/reconcile.ts';

export interface DatasetImportRequest {
  /** The dataset folder (`export dataset --out DIR`). */
  dir: string;
  study: string;
  replace?: boolean;
  /** Who imports: the audit entry's actor. */
  actor: AuditActor;
}

/** How many keys may be drawn for one argument before giving up (see `keyShowingOrder`). */
const KEY_DRAWS = 10_000;

/** A file of the dataset folder: refused when it is a symbolic link (it could point outside the folder). */
async function readPlainFile(file: string): Promise<Buffer> {
  const info = await lstat(file).catch((error: unknown) => {
    throw errors.validation(
      `${file}: cannot read it (${error instanceof Error ? error.message : String(error)}); nothing was imported.`,
    );
  });
  if (info.isSymbolicLink())
    throw errors.validation(
      `${file} is a symbolic link; a dataset folder holds its own files (copy the file in). Nothing was imported.`,
    );
  if (!info.isFile()) throw errors.validation(`${file} is not a file; nothing was imported.`);
  return readFile(file);
}

type Listed = Map<string, { bytes: number; sha256: string }>;

/**
 * Every file manifest.json lists, each checked against its size and SHA-256, and every file a dataset
 * has (gold.jsonl, decisions.csv, sample.json, README.md, croissant.json) listed and present: a
 * changed, missing or unlisted file refuses the whole folder, so what is imported is what was
 * published. Resolves to the bytes of each file, by name.
 */
async function readCheckedFiles(dir: string, listed: Listed): Promise<Map<string, Buffer>> {
  const manifest = join(dir, DATASET_FILES.manifest.name);
  const required = Object.values(DATASET_FILES)
    .map((file) => file.name)
    .filter((name) => name !== DATASET_FILES.manifest.name);
  const unlisted = required.filter((name) => !listed.has(name));
  if (unlisted.length > 0)
    throw errors.validation(
      `${manifest} does not list ${unlisted.join(', ')}: it is not the manifest of a whole dataset written by export dataset. Nothing was imported.`,
    );
  const contents = new Map<string, Buffer>();
  const changed: string[] = [];
  for (const [name, expected] of listed) {
    const bytes = await readPlainFile(join(dir, name));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (bytes.length !== expected.bytes || sha256 !== expected.sha256) changed.push(name);
    contents.set(name, bytes);
  }
  if (changed.length > 0)
    throw errors.validation(
      `${changed.map((name) => join(dir, name)).join(', ')} ${changed.length === 1 ? 'is not the file' : 'are not the files'} manifest.json describes (size or SHA-256 differs): the dataset was changed or is incomplete; nothing was imported.`,
    );
  return contents;
}

async function readManifest(dir: string): Promise<Listed> {
  const file = join(dir, DATASET_FILES.manifest.name);
  const bytes = await readPlainFile(file).catch((error: unknown) => {
    if (isAppError(error) && /symbolic link/.test(error.message)) throw error;
    throw errors.validation(`${file}: no such file; is ${dir} a dataset folder written by export dataset?`);
  });
  const manifest = parseJson(datasetManifestSchema, bytes, file);
  return new Map(manifest.files.map((entry) => [entry.path, entry]));
}

function parseJson<T extends z.ZodType>(schema: T, bytes: Buffer, file: string): z.output<T> {
  const encoding = utf8Problems(bytes);
  if (encoding.length > 0) throw errors.importInvalid(file, encoding);
  const reading = readJson(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  if (!reading.ok) throw errors.validation(`${file}: ${reading.message}.`);
  const result = schema.safeParse(reading.value);
  if (!result.success) throw errors.validation(`${file}: ${describeIssues(result.error).join('; ')}`);
  return result.data;
}

/**
 * Every line of gold.jsonl validated; one problem per bad line, by its number — a line that is not
 * UTF-8 among them. A byte order mark before the first line is dropped, as every import does.
 */
function parseRecords(bytes: Buffer): {
  records: { line: number; record: DatasetRecord }[];
  problems: RecordProblem[];
} {
  const records: { line: number; record: DatasetRecord }[] = [];
  const problems: RecordProblem[] = utf8Problems(bytes);
  const notUtf8 = new Set(problems.map((problem) => problem.line));
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (content.trim() === '' || notUtf8.has(line)) return;
    const reading = readJson(content);
    if (!reading.ok) {
      problems.push({ line, message: reading.message });
      return;
    }
    const result = datasetRecordSchema.safeParse(reading.value);
    if (result.success) records.push({ line, record: result.data });
    else problems.push({ line, message: describeIssues(result.error).join('; ') });
  });
  return { records, problems };
}

/**
 * A fresh adjudication key under which `orderForAdjudication` shows the argument's first two annotators
 * in the dataset's order (A, B), so that the gold's decisions "a" and "b" keep naming the same people:
 * keys are random, and each draw shows a given pair in a given order with probability 1/(n(n−1)), so a
 * handful of draws suffice. The key stays as random as every other; only its effect on the order is fixed.
 */
function keyShowingOrder(accounts: readonly string[]): string {
  for (let draw = 0; draw < KEY_DRAWS; draw++) {
    const key = newItemKey();
    const shown = orderForAdjudication(key, accounts, (name) => name);
    if (shown[0] === accounts[0] && shown[1] === accounts[1]) return key;
  }
  throw new Error(`no adjudication key shows ${accounts.join(', ')} in order after ${KEY_DRAWS} draws`);
}

/** Gold with its status and decisions, by the reconcile rule of every import (identical → no-op; changed → --replace). */
async function applyGold(context: ApplyContext, line: number, record: DatasetRecord): Promise<void> {
  const { gold } = record;
  const argument = await findArgument(context.db, context.studyId, record.argument_id);
  if (!gold || !argument) return;
  const existing = await findGold(context.db, argument.rowId);
  const incoming = {
    status: gold.status,
    adjudicator: gold.adjudicator,
    decisions: gold.decisions,
    judgement: gold.judgement,
  };
  const stored = existing && {
    status:
      existing.status === 'fixed' && existing.note === ACCEPTED_NOTE
        ? 'accepted'
        : existing.status === 'draft'
          ? 'draft (unfinished)'
          : existing.status,
    adjudicator: existing.adjudicator,
    decisions: existing.decisions,
    judgement: existing.judgement,
  };
  await reconcile(context, line, `gold for "${record.argument_id}"`, incoming, stored, async () => {
    await writeGold(
      context.db,
      {
        argumentRowId: argument.rowId,
        status: gold.status === 'imported' ? 'imported' : 'fixed',
        judgement: gold.judgement,
        decisions: gold.decisions,
        adjudicator: gold.adjudicator,
        note:
          gold.status === 'accepted' ? ACCEPTED_NOTE : gold.status === 'imported' ? context.fileName : null,
        importId: await context.importId(),
      },
      'import',
      null,
    );
    await refreshErrorClasses(context.db, argument.rowId);
    return undefined;
  });
}

/** Gives the argument an adjudication key that shows its annotators in the record's order, when it has none. */
async function applyAnnotatorOrder(
  context: ApplyContext,
  record: DatasetRecord,
  accounts: readonly string[],
): Promise<void> {
  const argument = await findArgument(context.db, context.studyId, record.argument_id);
  if (!argument || accounts.length < 2) return;
  const item = await findAdjudicationItem(context.db, argument.rowId);
  if (item) {
    const shown = orderForAdjudication(item.itemKey, accounts, (name) => name);
    if (shown[0] !== accounts[0] || shown[1] !== accounts[1])
      context.warnings.push(
        `"${record.argument_id}" was already adjudicated here with its annotators in another order: the dataset's decisions "a" and "b" may name the other annotator.`,
      );
    return;
  }
  await insertAdjudicationItem(context.db, argument.rowId, keyShowingOrder(accounts));
}

/**
 * Writes each record's design row into its sample version, creating the versions of sample.json on the
 * first record when the study has none (a fresh database). A study that has a sample keeps its own: the
 * dataset's rows are then left out, with a warning.
 */
function sampleWriter(design: DatasetSampleDesign) {
  let versionRows: Map<number, number> | null | undefined;
  const drawOrder = new Map<number, number>();
  return async (context: ApplyContext, record: DatasetRecord): Promise<void> => {
    if (versionRows === undefined) {
      if (design.versions.length > 0 && (await latestSample(context.db, context.studyId))) {
        context.warnings.push(
          `study "${context.studyName}" has a sample already (${(await listSamples(context.db, context.studyId)).length} version(s)); the dataset's sample design and rows were not imported.`,
        );
        versionRows = null;
      } else {
        versionRows = new Map();
        for (const version of design.versions) {
          const row = await insertSample(context.db, context.studyId, {
            seed: version.seed,
            size: version.size,
            allocation: version.allocation,
            strataBy: version.strata_by,
            excludedPrevious: version.excluded_previous,
          });
          for (const stratum of version.strata)
            await insertSampleStratum(context.db, row.id, {
              stratum: stratum.stratum,
              populationSize: stratum.population_size,
              requested: stratum.requested,
              drawn: stratum.drawn,
            });
          versionRows.set(version.version, row.id);
        }
      }
    }
    const { sample } = record;
    const argument = await findArgument(context.db, context.studyId, record.argument_id);
    if (!versionRows || !sample || !argument) return;
    const sampleId = versionRows.get(sample.version);
    if (sampleId === undefined) {
      context.warnings.push(
        `"${record.argument_id}" names sample version ${sample.version}, which sample.json lacks; its design row was left out.`,
      );
      return;
    }
    const order = (drawOrder.get(sampleId) ?? 0) + 1;
    drawOrder.set(sampleId, order);
    await insertSampleItem(context.db, sampleId, {
      argumentRowId: argument.rowId,
      stratum: sample.stratum,
      inclusionProbability: sample.inclusion_probability,
      weight: sample.weight,
      drawOrder: order,
    });
  };
}

/**
 * Imports a dataset folder written by `export dataset` into a study, all or nothing (decision 001):
 * every file manifest.json lists is first checked against it (size and SHA-256; each dataset file
 * must be listed; none may be a symbolic link) and every line of gold.jsonl validated; then, in one transaction, each record's triple, argument, extractions, annotations (as
 * submitted, with their active seconds; a pseudonymous annotator becomes the account
 * `annotator-<letter>`), gold (with its status — fixed, accepted or imported — decisions and
 * rationales) and sample row are written by the rules of the other imports (`reconcile`: identical →
 * unchanged, changed → needs `replace`). An argument with two or more annotators gets an adjudication key
 * that shows them in the dataset's order, so its decisions keep their meaning. Into a fresh database,
 * `export dataset` then writes the same files byte for byte.
 */
export async function importDataset(db: Db, request: DatasetImportRequest): Promise<ImportSummary> {
  const listed = await readManifest(request.dir);
  const files = await readCheckedFiles(request.dir, listed);
  const file = (name: string): Buffer => {
    const bytes = files.get(name);
    if (!bytes) throw new Error(`${name} was checked but not read`);
    return bytes;
  };
  const recordsBytes = file(DATASET_FILES.records.name);
  const design = parseJson(
    datasetSampleDesignSchema,
    file(DATASET_FILES.sample.name),
    join(request.dir, DATASET_FILES.sample.name),
  );
  const parsed = parseRecords(recordsBytes);
  const displayName = join(request.dir, DATASET_FILES.records.name);
  const writeSample = sampleWriter(design);
  const records: ParsedRecord[] = parsed.records.map(({ line, record }) => ({
    line,
    apply: async (context) => {
      const before = context.problems.length;
      await applyTriple(context, line, record.triple);
      await applyArgument(context, line, {
        id: record.argument_id,
        triple_id: record.triple.id,
        model: record.model,
        test: record.test,
        text: record.text,
        ...(record.finish_reason === undefined ? {} : { finish_reason: record.finish_reason }),
        ...(record.output_tokens === undefined ? {} : { output_tokens: record.output_tokens }),
        ...(record.source === undefined ? {} : { source: record.source }),
      });
      // The rest of the record refers to its argument's row (the sample, the annotator order).
      await flushArguments(context);
      if (context.problems.length > before) return;
      for (const { error_classes: _classes, ...extraction } of record.extractions)
        await applyExtraction(context, line, { argument_id: record.argument_id, ...extraction });
      const accounts = record.annotations.map(
        (annotation) => annotation.name ?? annotatorAccount(annotation.annotator),
      );
      for (const [index, annotation] of record.annotations.entries()) {
        await applyAnnotation(
          context,
          line,
          { argument_id: record.argument_id, annotator: accounts[index] ?? '', ...annotation.judgement },
          annotation.seconds_spent,
        );
      }
      // What follows reads the record's extractions and annotations (the gold's error classes).
      await flushPending(context);
      await applyAnnotatorOrder(context, record, accounts);
      await applyGold(context, line, record);
      await writeSample(context, record);
    },
  }));
  return await writeParsed(db, {
    actor: request.actor,
    kind: 'dataset',
    study: request.study,
    replace: request.replace ?? false,
    sourceName: DATASET_FILES.records.name,
    displayName,
    format: 'jsonl',
    parsed: {
      sha256: listed.get(DATASET_FILES.records.name)?.sha256 ?? '',
      records,
      // Every record that parsed is still checked against the study, so one pass names every bad one.
      problems: parsed.problems,
    },
  });
}
