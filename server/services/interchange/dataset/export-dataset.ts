import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDatasetRecords, datasetLine } from '../../../../shared/dataset/build-records.ts';
import { croissant } from '../../../../shared/dataset/croissant.ts';
import { datasetCard, datasetSummary } from '../../../../shared/dataset/dataset-card.ts';
import { DATASET_FILES } from '../../../../shared/dataset/dataset-files.ts';
import { datasetStatistics } from '../../../../shared/dataset/dataset-statistics.ts';
import { decisionColumns, decisionsCsv } from '../../../../shared/dataset/decision-rows.ts';
import { type ManifestEntry, manifestJson } from '../../../../shared/dataset/manifest.ts';
import { errors } from '../../../errors.ts';
import type { Db } from '../../../store/db.ts';
import { requireStudy } from '../../study/studies.ts';
import { loadDatasetSource } from './load-dataset.ts';

/** `export dataset`: where to write, and what the study lead says of the dataset. */
export interface DatasetExportRequest {
  study: string;
  /** The folder to write into (created when missing; the dataset's files in it are overwritten). */
  dir: string;
  /** Annotators' and adjudicators' account names instead of pseudonyms. */
  names: boolean;
  license: string;
  prettyName?: string | undefined;
  annotatorQualifications?: string | undefined;
  citation?: string | undefined;
}

export interface DatasetExportSummary {
  dir: string;
  records: number;
  files: ManifestEntry[];
}

function entry(path: string, text: string): ManifestEntry & { text: string } {
  const bytes = Buffer.from(text, 'utf8');
  return { path, text, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Writes the study's gold-standard dataset into a folder (docs/FORMATS.md "Gold-standard dataset"):
 * `gold.jsonl` (one record per annotated argument), `decisions.csv` (one row per argument × case ×
 * factor), `sample.json` (the sample design), `README.md` (the dataset card), `croissant.json` and
 * `manifest.json`. The same database gives byte-identical files: every file is built from ordered rows
 * by the pure functions of shared/dataset, with no time stamp and a fixed-seed bootstrap; texts are
 * UTF-8 without a byte order mark.
 *
 * Refuses a study with nothing annotated (no submitted annotation, no final gold).
 */
export async function exportDataset(db: Db, request: DatasetExportRequest): Promise<DatasetExportSummary> {
  const study = await requireStudy(db, request.study);
  const { source, sample } = await loadDatasetSource(db, study);
  const records = buildDatasetRecords(source, { names: request.names });
  if (records.length === 0)
    throw errors.validation(
      `Study "${study.name}" has no submitted annotation and no final gold; there is no dataset to export yet.`,
    );
  const prettyName =
    request.prettyName ?? `CATO factor mentions in LLM-generated legal arguments (${study.name})`;
  const data = [
    entry(DATASET_FILES.records.name, records.map(datasetLine).join('')),
    entry(DATASET_FILES.decisions.name, decisionsCsv(records)),
    entry(DATASET_FILES.sample.name, `${JSON.stringify(sample, null, 2)}\n`),
  ];
  const card = entry(
    DATASET_FILES.card.name,
    datasetCard({
      records,
      statistics: datasetStatistics(records),
      sample,
      options: {
        study: study.name,
        license: request.license,
        prettyName,
        annotatorQualifications: request.annotatorQualifications,
        citation: request.citation,
        names: request.names,
      },
    }),
  );
  const described = [DATASET_FILES.records, DATASET_FILES.decisions, DATASET_FILES.sample];
  const metadata = entry(
    DATASET_FILES.croissant.name,
    `${JSON.stringify(
      croissant({
        name: prettyName,
        description: datasetSummary(records),
        license: request.license,
        citation: request.citation,
        files: data.map((file, index) => ({
          name: file.path,
          encodingFormat: described[index]?.encodingFormat ?? 'application/octet-stream',
          description: described[index]?.description ?? '',
          sha256: file.sha256,
        })),
        decisionColumns: decisionColumns(records),
      }),
      null,
      2,
    )}\n`,
  );
  const files = [...data, card, metadata];
  const manifest = entry(DATASET_FILES.manifest.name, manifestJson(files));
  await mkdir(request.dir, { recursive: true });
  for (const file of [...files, manifest]) await writeFile(join(request.dir, file.path), file.text, 'utf8');
  return {
    dir: request.dir,
    records: records.length,
    files: [...files, manifest].map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })),
  };
}
