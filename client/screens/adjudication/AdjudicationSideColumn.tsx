import { type ReactNode, type RefObject, useMemo } from 'react';
import type { AdjudicationItem, Disagreement } from '../../../shared/adjudication-api.ts';
import type { GoldDocument } from '../../workspace/gold-document.ts';
import type { Cell } from '../../workspace/judgement-edit.ts';
import { EditorGridPanel } from '../workspace/EditorParts.tsx';
import { CommentPanel, FlagsPanel } from '../workspace/FlagsPanel.tsx';
import type { JudgementEditor } from '../workspace/useJudgementEditor.ts';
import { AnnotatorNotes } from './AnnotatorNotes.tsx';
import { DisagreementsPanel } from './DisagreementsPanel.tsx';
import type { useGoldEdits } from './useGoldEdits.ts';

/** The grid cell a disagreement is about (a cell, or a mark of a catalogue factor), to select beside it. */
function cellOf(disagreement: Disagreement): Cell | null {
  if (disagreement.kind === 'cell') return { case: disagreement.case, factor: disagreement.factor };
  const span = disagreement.kind === 'span' ? (disagreement.a ?? disagreement.b) : null;
  return span && span.factor !== 'unlisted' ? { case: span.case, factor: span.factor } : null;
}

/**
 * The column beside the text: the annotators' comments, the disagreements to decide, the reveal (first
 * once the gold is fixed, since it is then what the adjudicator reads), the gold's flags, grid and comment.
 */
export function AdjudicationSideColumn({
  item,
  editor,
  edits,
  readOnly,
  truncated,
  reveal,
  nameOf,
  listRef,
  onFix,
}: {
  readonly item: AdjudicationItem;
  readonly editor: JudgementEditor<GoldDocument>;
  readonly edits: ReturnType<typeof useGoldEdits>;
  readonly readOnly: boolean;
  readonly truncated: boolean;
  readonly reveal: ReactNode;
  readonly nameOf: (label: 'A' | 'B') => string | null;
  readonly listRef: RefObject<HTMLOListElement | null>;
  readonly onFix: () => void;
}) {
  const [a, b] = item.annotations;
  const annotators = useMemo(() => (a && b ? { a: a.judgement, b: b.judgement } : undefined), [a, b]);
  const { toggle, choose, setRationale, tickMessage } = edits;
  const gridEditor = { ...editor, onToggle: toggle };
  const judgement = editor.judgement;
  return (
    <div className="side-column">
      {readOnly && reveal}
      <AnnotatorNotes annotations={item.annotations} nameOf={nameOf} />
      <DisagreementsPanel
        text={item.text}
        disagreements={item.disagreements}
        decisions={editor.document.decisions}
        gold={judgement}
        readOnly={readOnly}
        onChoose={choose}
        onRationale={setRationale}
        onFocusDisagreement={(disagreement) => {
          const cell = cellOf(disagreement);
          if (cell) editor.selectCell(cell);
        }}
        onFix={onFix}
        listRef={listRef}
      />
      {!readOnly && reveal}
      <FlagsPanel
        judgement={judgement}
        readOnly={readOnly}
        looksTruncated={truncated}
        onFlag={editor.onFlag}
      />
      {tickMessage && (
        <p className="notice notice-info tick-note" role="status">
          {tickMessage}
        </p>
      )}
      <EditorGridPanel editor={gridEditor} readOnly={readOnly} {...(annotators ? { annotators } : {})} />
      <CommentPanel
        comment={judgement.comment}
        readOnly={readOnly}
        onComment={editor.onComment}
        commentRef={editor.commentRef}
      />
    </div>
  );
}
