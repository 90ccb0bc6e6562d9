import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { agreedJudgement } from '../../../shared/adjudication/agreed-judgement.ts';
import { decisionProblems } from '../../../shared/adjudication/check-decisions.ts';
import type { AdjudicationItem, Disagreement, GoldState } from '../../../shared/adjudication-api.ts';
import { layoutArgument } from '../../../shared/argument-layout/argument-layout.ts';
import { emptyJudgement, type Judgement } from '../../../shared/schemas/annotation.ts';
import { adjudicationItemQuery, adjudicationQueueKey, putGold } from '../../api/adjudication.ts';
import { adjudicationPath } from '../../paths.ts';
import { Autosaver } from '../../workspace/autosave.ts';
import { scrollOffsetIntoView } from '../../workspace/dom-offsets.ts';
import { draftKey } from '../../workspace/draft-store.ts';
import {
  type GoldAutosaver,
  type GoldDocument,
  goldDocument,
  savedGold,
} from '../../workspace/gold-document.ts';
import type { Cell } from '../../workspace/judgement-edit.ts';
import type { TextRange } from '../../workspace/selection.ts';
import {
  ChangeNotice,
  EditorConflict,
  EditorGridPanel,
  EditorOverlays,
  EditorTextColumn,
  EditorTools,
  FinalizeButton,
} from '../workspace/EditorParts.tsx';
import { CommentPanel, FlagsPanel } from '../workspace/FlagsPanel.tsx';
import { GuidelinesPanel } from '../workspace/GuidelinesPanel.tsx';
import { LeaveGuard } from '../workspace/LeaveGuard.tsx';
import { SaveStatus } from '../workspace/SaveStatus.tsx';
import { useDocumentAutosaver } from '../workspace/useAutosaver.ts';
import { type JudgementLens, useJudgementEditor } from '../workspace/useJudgementEditor.ts';
import { useWorkspaceKeys } from '../workspace/useWorkspaceKeys.ts';
import './adjudication.css';
import { AnnotatorNotes } from './AnnotatorNotes.tsx';
import { ADJUDICATION_KEYS } from './adjudication-keys.ts';
import { DisagreementsPanel } from './DisagreementsPanel.tsx';
import { type FixProblem, FixProblems } from './FixProblems.tsx';
import { RevealPanel } from './RevealPanel.tsx';
import { SideBySide } from './SideBySide.tsx';
import { useGoldEdits } from './useGoldEdits.ts';

const GOLD_LENS: JudgementLens<GoldDocument> = {
  get: (gold) => gold.judgement,
  set: (gold, judgement) => ({ ...gold, judgement }),
};

/** The gold the adjudicator starts from: the saved one, else what A and B agree on (pre-filled, editable). */
function startingGold(item: AdjudicationItem): GoldDocument {
  if (item.gold) return { judgement: item.gold.judgement, decisions: item.gold.decisions };
  const [a, b] = item.annotations;
  return { judgement: a && b ? agreedJudgement(a.judgement, b.judgement) : emptyJudgement(), decisions: [] };
}

function useGoldAutosaver(study: string, username: string, item: AdjudicationItem) {
  const queryClient = useQueryClient();
  return useDocumentAutosaver(() => {
    const autosaver: GoldAutosaver = new Autosaver(
      {
        ...goldDocument((request) => putGold(study, item.itemKey, request)),
        storage: window.localStorage,
        // Separate from the same user's annotation drafts: an adjudicator may also annotate.
        draftKey: draftKey(username, study, `gold-${item.itemKey}`),
        takeSeconds: () => 0,
        onAcknowledged: () => void queryClient.invalidateQueries({ queryKey: adjudicationQueueKey(study) }),
      },
      {
        version: item.gold?.version ?? 0,
        document: startingGold(item),
        submitted: item.gold !== null && item.gold.status !== 'draft',
        // "Draft saved · 2 Dec 2026, 14:05" from the first render, as the workspace says it.
        updatedAt: item.gold?.updatedAt ?? null,
      },
    );
    const restored = autosaver.restoreDraft(item.gold ? savedGold(item.gold) : null);
    return { autosaver, initialDocument: restored ?? startingGold(item) };
  });
}

/** The grid cell a disagreement is about (a cell, or a mark of a catalogue factor), to select beside it. */
function cellOf(disagreement: Disagreement): Cell | null {
  if (disagreement.kind === 'cell') return { case: disagreement.case, factor: disagreement.factor };
  const span = disagreement.kind === 'span' ? (disagreement.a ?? disagreement.b) : null;
  return span && span.factor !== 'unlisted' ? { case: span.case, factor: span.factor } : null;
}

const STATUS_NOTE: Readonly<Record<GoldState['status'], string>> = {
  draft: '',
  fixed: 'The gold is fixed.',
  imported: 'This gold was imported.',
};

/** The adjudication of one item: A and B over the text, their disagreements to decide, the gold to fix, then the reveal. */
export function AdjudicationWorkspace({
  study,
  username,
  item,
}: {
  readonly study: string;
  readonly username: string;
  readonly item: AdjudicationItem;
}) {
  const { autosaver, snapshot, initialDocument } = useGoldAutosaver(study, username, item);
  const readOnly = snapshot.submitted;
  const editor = useJudgementEditor<GoldDocument>({
    text: item.text,
    initial: initialDocument,
    lens: GOLD_LENS,
    isReadOnly: () => autosaver.getSnapshot().submitted,
    save: (gold) => autosaver.change(gold),
  });
  const layout = useMemo(() => layoutArgument(item.text, item.finishReason), [item.text, item.finishReason]);
  const [a, b] = item.annotations;
  const layers = useMemo(
    () => ({ a: a?.judgement.spans ?? [], b: b?.judgement.spans ?? [] }),
    [a?.judgement.spans, b?.judgement.spans],
  );
  const annotators = useMemo(() => (a && b ? { a: a.judgement, b: b.judgement } : undefined), [a, b]);
  const [showNames, setShowNames] = useState(false);
  const [evidence, setEvidence] = useState<TextRange | null>(null);
  const named = useQuery({ ...adjudicationItemQuery(study, item.itemKey, true), enabled: showNames });
  const nameOf = (label: 'A' | 'B') =>
    showNames
      ? (named.data?.annotations.find((annotation) => annotation.label === label)?.annotator ?? '…')
      : null;
  const labelOf = (label: 'A' | 'B') => {
    const name = nameOf(label);
    return name ? `${label} (${name})` : label;
  };
  // After a refused fix, what still stands in the way, checked again on every change (a problem the
  // adjudicator solves leaves the list); the server's refusal, if it had the last word, is kept as said.
  const [checking, setChecking] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fixing, setFixing] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const [revealed, setRevealed] = useState(false);
  const [sideBySide, setSideBySide] = useState(false);

  const selectDisagreement = (disagreementId: string) => {
    const row = listRef.current?.querySelector<HTMLElement>(
      `[data-disagreement="${CSS.escape(disagreementId)}"]`,
    );
    row?.scrollIntoView({ block: 'nearest' });
    row?.focus();
  };

  const { toggle, choose, setRationale, tickMessage } = useGoldEdits(editor, item);
  const gridEditor = { ...editor, onToggle: toggle };

  async function fix(): Promise<void> {
    if (readOnly || fixing) return;
    const gold = editor.current();
    setRefusal(null);
    setAttempt((count) => count + 1);
    if (decisionProblems(gold.judgement, item.disagreements, gold.decisions, true).length > 0) {
      setChecking(true);
      return;
    }
    setFixing(true);
    try {
      await autosaver.submit();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'Fixing the gold failed.');
      setAttempt((count) => count + 1);
    } finally {
      setFixing(false);
    }
  }

  const keyActions = editor.keyActions(() => void fix());
  useWorkspaceKeys(
    {
      ...keyActions,
      commands: {
        ...keyActions.commands,
        // T from the side-by-side view goes back to the one text (the gold's), where marks are made.
        focusText: () => {
          setSideBySide(false);
          requestAnimationFrame(() => editor.textRef.current?.focus());
        },
        // The grid's first cell, whichever cell the last disagreement selected.
        focusGrid: () =>
          editor.gridRef.current?.querySelector<HTMLElement>('[data-row="0"][data-col="0"]')?.focus(),
        focusDisagreements: () => {
          const list = listRef.current;
          const undecided = item.disagreements.find(
            (disagreement) =>
              !editor.current().decisions.some((decision) => decision.disagreementId === disagreement.id),
          );
          const row =
            (undecided &&
              list?.querySelector<HTMLElement>(`[data-disagreement="${CSS.escape(undecided.id)}"]`)) ??
            list?.querySelector<HTMLElement>('li');
          row?.scrollIntoView({ block: 'nearest' });
          row?.focus();
        },
        toggleSideBySide: () => setSideBySide((shown) => !shown),
      },
    },
    ADJUDICATION_KEYS,
  );

  const conflict = snapshot.status.kind === 'conflict';
  const judgement: Judgement = editor.judgement;
  const { decisions } = editor.document;
  const problems: readonly FixProblem[] = useMemo(
    () => [
      ...(checking && !readOnly ? decisionProblems(judgement, item.disagreements, decisions, true) : []),
      ...(refusal ? [{ text: refusal }] : []),
    ],
    [checking, readOnly, judgement, item.disagreements, decisions, refusal],
  );
  // Once the gold is fixed, the reveal is what the adjudicator reads: it goes first, and takes room.
  const reveal = (
    <RevealPanel
      study={study}
      itemKey={item.itemKey}
      canReveal={readOnly}
      onOpen={() => setRevealed(true)}
      onHighlight={(range) => {
        const index = judgement.spans.findIndex(
          (span) => span.start === range.start && span.end === range.end,
        );
        if (index >= 0) editor.selectSpan(index);
      }}
      onShowEvidence={(range) => {
        setEvidence(range);
        if (editor.textRef.current) scrollOffsetIntoView(editor.textRef.current, range.start);
      }}
    />
  );

  return (
    <div
      className={`workspace adjudication${editor.showGuidelines ? ' with-guidelines' : ''}${revealed ? ' is-revealed' : ''}`}
    >
      <LeaveGuard autosaver={autosaver} snapshot={snapshot} />
      <div className="workspace-bar">
        <div className="workspace-title">
          <Link to={adjudicationPath(study)} className="back-link">
            ← Adjudication
          </Link>
          <h1 tabIndex={-1}>
            Item {item.position} <span className="muted">of {item.queueLength}</span>
          </h1>
          {layout.truncated && <span className="badge badge-warn">cut off at the output limit</span>}
        </div>
        <SaveStatus snapshot={snapshot} finalLabel="Gold fixed" />
        <div className="workspace-actions">
          <label className="check-inline">
            <input
              type="checkbox"
              checked={showNames}
              onChange={(event) => setShowNames(event.target.checked)}
            />
            Show names
          </label>
          <button
            type="button"
            className="button-secondary button-small"
            aria-pressed={sideBySide}
            onClick={() => setSideBySide((shown) => !shown)}
            aria-keyshortcuts="V"
          >
            Side by side <kbd>V</kbd>
          </button>
          <EditorTools editor={editor} readOnly={readOnly} />
          {!readOnly && (
            <FinalizeButton
              label="Fix the gold"
              busyLabel="Fixing…"
              busy={fixing}
              disabled={conflict}
              onFinalize={() => void fix()}
            />
          )}
        </div>
      </div>
      <EditorConflict editor={editor} autosaver={autosaver} snapshot={snapshot} />
      {!readOnly && !item.started && snapshot.version === 0 && (
        <p className="notice notice-info">
          Your first change starts the adjudication of this item: its annotators can then no longer reopen
          their annotations.
        </p>
      )}
      {readOnly && item.gold && (
        <p className="notice notice-info">
          {STATUS_NOTE[item.gold.status] || 'The gold is fixed.'} An admin can reopen it, with a reason.
        </p>
      )}
      <FixProblems problems={problems} attempt={attempt} onSelect={selectDisagreement} />
      <div className="workspace-body">
        {sideBySide ? (
          <section className="text-column" aria-label="The argument, side by side">
            <ChangeNotice editor={editor} />
            <SideBySide
              text={item.text}
              layout={layout}
              a={{ label: labelOf('A'), spans: layers.a }}
              gold={judgement.spans}
              b={{ label: labelOf('B'), spans: layers.b }}
              disagreements={item.disagreements}
            />
          </section>
        ) : (
          <EditorTextColumn
            editor={editor}
            text={item.text}
            layout={layout}
            readOnly={readOnly}
            layers={layers}
            evidenceRange={evidence}
            legend={
              <p className="layer-legend">
                <span className="layer-a">A{nameOf('A') ? ` (${nameOf('A')})` : ''}</span> over-lined ·{' '}
                <span className="layer-b">B{nameOf('B') ? ` (${nameOf('B')})` : ''}</span> under-lined · the
                gold highlighted by case
              </p>
            }
          />
        )}
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
            onFix={() => void fix()}
            listRef={listRef}
          />
          {!readOnly && reveal}
          <FlagsPanel
            judgement={judgement}
            readOnly={readOnly}
            looksTruncated={layout.truncated}
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
        {editor.showGuidelines && <GuidelinesPanel onClose={editor.toggleGuidelines} />}
      </div>
      <EditorOverlays editor={editor} text={item.text} keys={ADJUDICATION_KEYS} />
    </div>
  );
}
