import { type KeyboardEvent, memo, useRef } from 'react';
import { FACTORS, type FactorId } from '../../../shared/factors.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { CASES, type CaseId } from '../../../shared/vocabulary.ts';
import { CASE_LABEL } from './case-labels.ts';

export interface Cell {
  readonly case: CaseId;
  readonly factor: FactorId;
}

interface FactorGridProps {
  readonly judgement: Judgement;
  /** Asserted spans per `case:factor`. */
  readonly spanCounts: ReadonlyMap<string, number>;
  readonly selected: Cell | null;
  readonly readOnly: boolean;
  readonly onToggle: (cell: Cell) => void;
  readonly onSelect: (cell: Cell) => void;
  /** When adjudicating: the two annotators' judgements, shown as A and B in each cell they ticked. */
  readonly annotators?: { readonly a: Judgement; readonly b: Judgement };
}

/** Which annotators ticked a cell: "A", "B", "AB" or "". */
function tickedBy(
  annotators: { readonly a: Judgement; readonly b: Judgement } | undefined,
  caseId: CaseId,
  factor: FactorId,
): string {
  if (!annotators) return '';
  return `${annotators.a[caseId].includes(factor) ? 'A' : ''}${annotators.b[caseId].includes(factor) ? 'B' : ''}`;
}

export const cellKey = (caseId: CaseId, factor: FactorId | 'unlisted') => `${caseId}:${factor}`;

/**
 * The 26 factors × 3 cases, always visible: a tick per factor the argument asserts for a case. Fed by
 * the marks (a mark ticks its cell) and tickable directly (a tick without a mark counts as such and
 * shows hollow). Arrow keys move between cells, Space ticks, focusing a cell shows its marks.
 */
export const FactorGrid = memo(function FactorGrid({
  judgement,
  spanCounts,
  selected,
  readOnly,
  onToggle,
  onSelect,
  annotators,
}: FactorGridProps) {
  const tableRef = useRef<HTMLTableElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>): void {
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const column = Number(target.dataset.col);
    if (Number.isNaN(row) || Number.isNaN(column)) return;
    const moves: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const nextRow = Math.min(FACTORS.length - 1, Math.max(0, row + move[0]));
    const nextColumn = Math.min(CASES.length - 1, Math.max(0, column + move[1]));
    tableRef.current
      ?.querySelector<HTMLElement>(`[data-row="${nextRow}"][data-col="${nextColumn}"]`)
      ?.focus();
  }

  return (
    <table
      ref={tableRef}
      className="factor-grid"
      aria-label="Factors asserted per case"
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          <th scope="col">Factor</th>
          {CASES.map((caseId) => (
            <th key={caseId} scope="col" className={`grid-case grid-case-${caseId}`}>
              {CASE_LABEL[caseId]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FACTORS.map((factor, row) => (
          <tr key={factor.id} className={selected?.factor === factor.id ? 'is-row-selected' : undefined}>
            <th scope="row" title={factor.meaning}>
              <span
                className={`side side-${factor.side}`}
                title={factor.side === 'P' ? 'pro-plaintiff' : 'pro-defendant'}
              >
                {factor.side}
              </span>
              <span className="grid-code">{factor.id}</span> <span className="grid-name">{factor.name}</span>
            </th>
            {CASES.map((caseId, column) => {
              const ticked = judgement[caseId].includes(factor.id);
              const marks = spanCounts.get(cellKey(caseId, factor.id)) ?? 0;
              const isSelected = selected?.case === caseId && selected.factor === factor.id;
              const by = tickedBy(annotators, caseId, factor.id);
              return (
                <td
                  key={caseId}
                  className={`grid-cell grid-cell-${caseId}${isSelected ? ' is-selected' : ''}${ticked && marks === 0 ? ' is-bare' : ''}`}
                >
                  <input
                    type="checkbox"
                    data-row={row}
                    data-col={column}
                    tabIndex={(selected ? isSelected : row === 0 && column === 0) ? 0 : -1}
                    checked={ticked}
                    disabled={readOnly}
                    aria-label={`${factor.id} ${factor.name} in ${CASE_LABEL[caseId]}${marks > 0 ? `, ${marks} mark${marks > 1 ? 's' : ''}` : ticked ? ', ticked without a mark' : ''}${by === '' ? '' : `, ticked by ${by.split('').join(' and ')}`}`}
                    onFocus={() => onSelect({ case: caseId, factor: factor.id })}
                    onChange={() => onToggle({ case: caseId, factor: factor.id })}
                  />
                  {marks > 0 && (
                    <span className="mark-count" aria-hidden="true">
                      {marks}
                    </span>
                  )}
                  {by !== '' && (
                    <span
                      className={`annotator-ticks${by.length === 1 ? ' is-split' : ''}`}
                      aria-hidden="true"
                    >
                      {by}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
});
