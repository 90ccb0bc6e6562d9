import { type RefObject, useCallback, useMemo, useState } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { scrollOffsetIntoView } from '../../workspace/dom-offsets.ts';
import { spansOfCell } from '../../workspace/judgement-edit.ts';
import { type Mark, markOfSpan, marksOf } from '../../workspace/marks.ts';
import { type Cell, cellKey } from './FactorGrid.tsx';

/**
 * What is selected: marks (all the spans of one mark, its cases) and a grid cell, which select each
 * other (a cell's marks are shown with it), and stepping from mark to mark with [ and ].
 */
export function useMarkSelection(
  judgement: Judgement,
  currentJudgement: () => Judgement,
  textRef: RefObject<HTMLDivElement | null>,
) {
  const marks = useMemo(() => marksOf(judgement), [judgement]);
  const [selectedSpans, setSelectedSpans] = useState<ReadonlySet<number>>(new Set());
  const [selectedCell, setSelectedCell] = useState<Cell | null>(null);

  const spanCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const span of judgement.spans)
      if (span.polarity === 'asserted') {
        const key = cellKey(span.case, span.factor);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    return counts;
  }, [judgement.spans]);

  /** The one mark the selection is, when it is exactly one. */
  const selectedMark: Mark | undefined = useMemo(() => {
    const [first] = [...selectedSpans];
    const mark = first === undefined ? undefined : markOfSpan(marks, first);
    return mark &&
      mark.indices.length === selectedSpans.size &&
      mark.indices.every((index) => selectedSpans.has(index))
      ? mark
      : undefined;
  }, [marks, selectedSpans]);

  /** Selects the mark span `index` belongs to (all its cases), and shows it. */
  const selectSpan = useCallback(
    (index: number) => {
      const mark = markOfSpan(marksOf(currentJudgement()), index);
      if (!mark) return;
      setSelectedSpans(new Set(mark.indices));
      const [only] = mark.cases;
      setSelectedCell(
        mark.factor === 'unlisted' || only === undefined ? null : { case: only, factor: mark.factor },
      );
      if (textRef.current) scrollOffsetIntoView(textRef.current, mark.start);
    },
    [currentJudgement, textRef],
  );
  const selectCell = useCallback(
    (cell: Cell) => {
      setSelectedCell(cell);
      setSelectedSpans(new Set(spansOfCell(currentJudgement(), cell.case, cell.factor)));
    },
    [currentJudgement],
  );

  function stepMark(direction: 1 | -1): void {
    const count = marks.length;
    if (count === 0) return;
    const at = selectedMark ? marks.indexOf(selectedMark) : -1;
    const next = at === -1 ? (direction > 0 ? 0 : count - 1) : (at + direction + count) % count;
    const mark = marks[next];
    if (!mark) return;
    selectSpan(mark.indices[0] ?? 0);
    textRef.current?.focus({ preventScroll: true });
  }

  const clearSelection = useCallback(() => {
    setSelectedSpans(new Set());
    setSelectedCell(null);
  }, []);

  return {
    marks,
    spanCounts,
    selectedSpans,
    setSelectedSpans,
    selectedMark,
    selectedCell,
    selectSpan,
    selectCell,
    stepMark,
    clearSelection,
  };
}
