import { describe, expect, it } from 'vitest';
import { buildDatasetRecords, datasetLine } from './build-records.ts';
import { datasetRecordSchema } from './dataset-record.ts';
import { smallSource } from './test-fixtures.ts';

describe('buildDatasetRecords', () => {
  it('keeps every argument with an annotation or gold, in study order', () => {
    expect(buildDatasetRecords(smallSource(), { names: false }).map((r) => r.argument_id)).toEqual([
      'a1',
      'a2',
    ]);
  });

  it('letters annotators in the order given and hides names and adjudicators unless asked', () => {
    const [a1] = buildDatasetRecords(smallSource(), { names: false });
    expect(a1?.annotations.map((a) => [a.annotator, a.name, a.seconds_spent])).toEqual([
      ['A', undefined, 90],
      ['B', undefined, 120],
    ]);
    expect(a1?.gold?.adjudicator).toBe('adjudicator-A');
    const [named] = buildDatasetRecords(smallSource(), { names: true });
    expect(named?.annotations.map((a) => a.name)).toEqual(['bob', 'alice']);
    expect(named?.gold?.adjudicator).toBe('carol');
  });

  it('keeps the gold with its status, decisions and rationales', () => {
    const source = smallSource();
    const [fixed] = buildDatasetRecords(source, { names: false });
    expect(fixed?.gold).toMatchObject({
      status: 'fixed',
      decisions: [{ disagreementId: 'cell:current:F2', choice: 'a', rationale: 'named in the text' }],
    });
    const accepted = { ...source, gold: source.gold.map((g) => ({ ...g, accepted: true })) };
    expect(buildDatasetRecords(accepted, { names: false })[0]?.gold?.status).toBe('accepted');
  });

  it('lists extractors by name, classifying usable output against the gold and leaving failed ones null', () => {
    const [a1] = buildDatasetRecords(smallSource(), { names: false });
    expect(a1?.extractions.map((e) => e.extractor)).toEqual(['x', 'y']);
    expect(a1?.extractions[0]?.error_classes?.map((d) => `${d.case} ${d.factor} ${d.class}`)).toEqual([
      'current F1 correct',
      'current F2 missed',
      'current F5 extra',
    ]);
    expect(a1?.extractions[1]).toMatchObject({ status: 'failed', error: 'HTTP 500', error_classes: null });
  });

  it('prefers the stored error classes', () => {
    const source = { ...smallSource(), errorClasses: [{ argumentId: 'a1', extractor: 'x', decisions: [] }] };
    expect(buildDatasetRecords(source, { names: false })[0]?.extractions[0]?.error_classes).toEqual([]);
  });

  it("takes the latest sample version's row, and none for an argument never drawn", () => {
    const [a1, a2] = buildDatasetRecords(smallSource(), { names: false });
    expect(a1?.sample).toBeNull();
    expect(a2?.sample).toEqual({
      version: 2,
      stratum: 'model=m1|test=1',
      inclusion_probability: 0.25,
      weight: 4,
    });
  });

  it('collects the guideline versions', () => {
    const [a1, a2] = buildDatasetRecords(smallSource(), { names: false });
    expect(a1?.guideline_versions).toEqual(['2025-06.1']);
    expect(a2?.guideline_versions).toEqual([]);
  });

  it('writes lines that read back to the same record and the same line', () => {
    for (const record of buildDatasetRecords(smallSource(), { names: true })) {
      const line = datasetLine(record);
      const again = datasetRecordSchema.parse(JSON.parse(line));
      expect(datasetLine(again)).toBe(line);
    }
  });
});

describe('datasetRecordSchema', () => {
  it('checks each extraction by the extractions format, naming where', () => {
    const [a1] = buildDatasetRecords(smallSource(), { names: false });
    if (a1 === undefined) throw new Error('the small source gives no record');
    const broken = JSON.parse(datasetLine(a1));
    broken.extractions[1].error = undefined;
    const result = datasetRecordSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['extractions', 1, 'error']);
  });

  it('refuses a pseudonym twice in one record', () => {
    const [a1] = buildDatasetRecords(smallSource(), { names: false });
    if (a1 === undefined) throw new Error('the small source gives no record');
    const broken = JSON.parse(datasetLine(a1));
    broken.annotations[1].annotator = 'A';
    expect(datasetRecordSchema.safeParse(broken).success).toBe(false);
  });
});
