import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AnnotationItem } from '../../../shared/annotation-api.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import type { CaseId } from '../../../shared/vocabulary.ts';
import { itemKeyOf, queueQuery, reopenAnnotation } from '../../api/annotation.ts';
import { itemPath, queuePath } from '../../paths.ts';
import { savedAnnotation } from '../../workspace/annotation-document.ts';
import { rectOfRange, scrollOffsetIntoView } from '../../workspace/dom-offsets.ts';
import {
  addSpan,
  removeSpan,
  setComment,
  setFlag,
  spansOfCell,
  toggleCell,
  updateSpan,
} from '../../workspace/judgement-edit.ts';
import type { TextRange } from '../../workspace/selection.ts';
import { layoutArgument } from '../../workspace/text-layout.ts';
import {
  canRedo,
  canUndo,
  createHistory,
  push,
  redo,
  type UndoHistory,
  undo,
} from '../../workspace/undo-history.ts';
import { ArgumentText } from './ArgumentText.tsx';
import { ConflictBanner } from './ConflictBanner.tsx';
import { type Cell, cellKey, FactorGrid } from './FactorGrid.tsx';
import { CommentPanel, type Flag, FlagsPanel } from './FlagsPanel.tsx';
import { GuidelinesPanel } from './GuidelinesPanel.tsx';
import { KeyboardHelp } from './KeyboardHelp.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { MarkPalette, type MarkValues } from './MarkPalette.tsx';
import { MarksList } from './MarksList.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { useAutosaver } from './useAutosaver.ts';
import { useWorkspaceKeys } from './useWorkspaceKeys.ts';

interface PaletteState {
  readonly range: TextRange;
  readonly anchor: { top: number; bottom: number; left: number } | null;
  readonly editIndex?: number;
}

const GUIDELINES_PREFERENCE = 'factor-audit:show-guidelines';

/** Where the palette goes (document coordinates): beside the range in the text, else at the top of the text. */
function anchorOf(container: HTMLElement | null, range: TextRange): PaletteState['anchor'] {
  const rect = container ? rectOfRange(container, range) : null;
  const box = rect && rect.height > 0 ? rect : container?.getBoundingClientRect();
  if (!box) return null;
  const bottom = rect && rect.height > 0 ? rect.bottom : box.top + 40;
  // Document coordinates, so a scroll between here and the palette's layout does not move it off.
  return { top: box.top + window.scrollY, bottom: bottom + window.scrollY, left: box.left + window.scrollX };
}

/** The annotation workspace for one item: text, marks, grid, flags, autosave, submit. */
export function Workspace({
  study,
  username,
  item,
}: {
  readonly study: string;
  readonly username: string;
  readonly item: AnnotationItem;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { autosaver, snapshot, initialDocument: initialJudgement } = useAutosaver(study, username, item);
  const [history, setHistory] = useState<UndoHistory<Judgement>>(() => createHistory(initialJudgement));
  const historyRef = useRef(history);
  const judgement = history.present;
  const readOnly = snapshot.submitted;
  const layout = useMemo(() => layoutArgument(item.text, item.finishReason), [item.text, item.finishReason]);

  const [palette, setPalette] = useState<PaletteState | null>(null);
  const [selectedSpans, setSelectedSpans] = useState<ReadonlySet<number>>(new Set());
  const [selectedCell, setSelectedCell] = useState<Cell | null>(null);
  const [lastCase, setLastCase] = useState<CaseId>('current');
  const [showHelp, setShowHelp] = useState(false);
  const [showGuidelines, setShowGuidelines] = useState(
    () => window.localStorage.getItem(GUIDELINES_PREFERENCE) === '1',
  );
  const [notice, setNotice] = useState('');
  const [submitError, setSubmitError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  /** Shows `next` and, unless it came from the server, saves it. */
  const commit = useCallback(
    (next: UndoHistory<Judgement>, save = true) => {
      historyRef.current = next;
      setHistory(next);
      if (save) autosaver.change(next.present);
    },
    [autosaver],
  );
  const edit = useCallback(
    (change: (current: Judgement) => Judgement) => {
      if (autosaver.getSnapshot().submitted) return;
      const current = historyRef.current;
      const next = change(current.present);
      if (next !== current.present) commit(push(current, next));
    },
    [autosaver, commit],
  );

  const spanCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const span of judgement.spans)
      if (span.polarity === 'asserted') {
        const key = cellKey(span.case, span.factor);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    return counts;
  }, [judgement.spans]);

  const selectSpan = useCallback((index: number) => {
    const span = historyRef.current.present.spans[index];
    if (!span) return;
    setSelectedSpans(new Set([index]));
    setSelectedCell(span.factor === 'unlisted' ? null : { case: span.case, factor: span.factor });
    if (textRef.current) scrollOffsetIntoView(textRef.current, span.start);
  }, []);
  const selectCell = useCallback((cell: Cell) => {
    setSelectedCell(cell);
    setSelectedSpans(new Set(spansOfCell(historyRef.current.present, cell.case, cell.factor)));
  }, []);

  function confirmMark(values: MarkValues): void {
    if (!palette) return;
    const { range, editIndex } = palette;
    const words = item.text.slice(range.start, range.end);
    const span = {
      start: range.start,
      end: range.end,
      case: values.case,
      factor: values.factor,
      style: values.style,
      polarity: values.polarity,
      ...(values.factor === 'unlisted' ? { text: values.unlistedText.trim() || words.trim() } : {}),
    };
    edit((current) =>
      editIndex === undefined ? addSpan(current, span) : updateSpan(current, editIndex, span),
    );
    setLastCase(values.case);
    setPalette(null);
    window.getSelection()?.removeAllRanges();
    setNotice(
      `Marked ${values.factor === 'unlisted' ? 'an unlisted factor' : values.factor} for ${values.case === 'current' ? 'the input case' : values.case.toUpperCase()}${values.polarity === 'negated' ? ' as negated' : ''}.`,
    );
    textRef.current?.focus();
  }

  const removeMark = useCallback(
    (index: number) => {
      edit((current) => removeSpan(current, index));
      setSelectedSpans(new Set());
      setNotice('Mark removed. Ctrl + Z brings it back.');
    },
    [edit],
  );

  const editMark = useCallback(
    (index: number) => {
      const span = historyRef.current.present.spans[index];
      if (!span || autosaver.getSnapshot().submitted) return;
      setPalette({
        range: { start: span.start, end: span.end },
        anchor: anchorOf(textRef.current, span),
        editIndex: index,
      });
    },
    [autosaver],
  );

  const onToggle = useCallback(
    (cell: Cell) => edit((current) => toggleCell(current, cell.case, cell.factor)),
    [edit],
  );
  const onFlag = useCallback(
    (flag: Flag, value: boolean) => edit((current) => setFlag(current, flag, value)),
    [edit],
  );
  const onComment = useCallback((text: string) => edit((current) => setComment(current, text)), [edit]);

  function toggleGuidelines(): void {
    setShowGuidelines((shown) => {
      window.localStorage.setItem(GUIDELINES_PREFERENCE, shown ? '0' : '1');
      return !shown;
    });
  }

  async function submit(): Promise<void> {
    if (readOnly || submitting) return;
    setSubmitting(true);
    setSubmitError('');
    try {
      await autosaver.submit();
      const queue = await queryClient.fetchQuery({ ...queueQuery(study), staleTime: 0 });
      void navigate(queue.next ? itemPath(study, queue.next) : queuePath(study));
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : 'The submission failed.');
    } finally {
      setSubmitting(false);
    }
  }

  const reopen = useMutation({
    mutationFn: () => reopenAnnotation(study, item.itemKey, snapshot.version),
    onSuccess: (state) => {
      autosaver.reopened(savedAnnotation(state));
      commit(createHistory(state.judgement), false);
      queryClient.setQueryData(itemKeyOf(study, item.itemKey), {
        ...item,
        annotation: state,
        canReopen: false,
      });
    },
  });

  useWorkspaceKeys({
    enabled: palette === null && !showHelp,
    onHelp: () => setShowHelp(true),
    focusText: () => textRef.current?.focus(),
    focusGrid: () => gridRef.current?.querySelector<HTMLElement>('input[tabindex="0"]')?.focus(),
    focusComment: () => commentRef.current?.focus(),
    toggleGuidelines,
    flag: (flag) => {
      const current = historyRef.current.present;
      onFlag(flag, !current[flag]);
    },
    undo: () => {
      if (!readOnly && canUndo(historyRef.current)) commit(undo(historyRef.current));
    },
    redo: () => {
      if (!readOnly && canRedo(historyRef.current)) commit(redo(historyRef.current));
    },
    submit: () => void submit(),
    stepMark: (direction) => {
      const count = historyRef.current.present.spans.length;
      if (count === 0) return;
      const current = [...selectedSpans][0];
      const next =
        current === undefined ? (direction > 0 ? 0 : count - 1) : (current + direction + count) % count;
      selectSpan(next);
    },
    removeSelectedMark: () => {
      const [only] = [...selectedSpans];
      if (selectedSpans.size === 1 && only !== undefined && !readOnly) removeMark(only);
    },
    clearSelection: () => {
      setSelectedSpans(new Set());
      setSelectedCell(null);
    },
  });

  const conflict = snapshot.status.kind === 'conflict' ? snapshot.status : null;

  return (
    <div className={`workspace${showGuidelines ? ' with-guidelines' : ''}`}>
      <LeaveGuard autosaver={autosaver} snapshot={snapshot} />
      <div className="workspace-bar">
        <div className="workspace-title">
          <Link to={queuePath(study)} className="back-link">
            ← Queue
          </Link>
          <h1 tabIndex={-1}>
            Item {item.position} <span className="muted">of {item.queueLength}</span>
          </h1>
          {item.calibration && <span className="badge badge-calibration">calibration</span>}
          {item.source && <span className="badge badge-source">{item.source}</span>}
          {layout.truncated && <span className="badge badge-warn">cut off at the output limit</span>}
        </div>
        <SaveStatus snapshot={snapshot} />
        <div className="workspace-actions">
          {(
            [
              ['Undo', 'Control+Z', canUndo(history), undo],
              ['Redo', 'Control+Shift+Z', canRedo(history), redo],
            ] as const
          ).map(([label, keys, possible, step]) => (
            <button
              key={label}
              type="button"
              className="button-secondary button-small"
              disabled={readOnly || !possible}
              onClick={() => commit(step(historyRef.current))}
              aria-keyshortcuts={keys}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="button-secondary button-small"
            aria-pressed={showGuidelines}
            onClick={toggleGuidelines}
            aria-keyshortcuts="L"
          >
            Guidelines
          </button>
          <button
            type="button"
            className="button-secondary button-small"
            onClick={() => setShowHelp(true)}
            aria-keyshortcuts="?"
          >
            Keys <kbd>?</kbd>
          </button>
          {readOnly ? (
            item.canReopen ? (
              <button
                type="button"
                className="button-secondary"
                disabled={reopen.isPending}
                onClick={() => reopen.mutate()}
              >
                Reopen to change
              </button>
            ) : null
          ) : (
            <button
              type="button"
              className="button-primary"
              disabled={submitting || conflict !== null}
              onClick={() => void submit()}
              aria-keyshortcuts="Control+Enter"
            >
              {submitting ? 'Submitting…' : 'Submit'} <kbd>Ctrl ↵</kbd>
            </button>
          )}
        </div>
      </div>
      {conflict && (
        <ConflictBanner
          theirs={conflict.theirs?.state ?? null}
          onTheirs={() => {
            const theirs = autosaver.resolveConflict('theirs');
            if (theirs) commit(push(historyRef.current, theirs), false);
          }}
          onMine={() => autosaver.resolveConflict('mine')}
        />
      )}
      {readOnly && (
        <p className="notice notice-info">
          Submitted.{' '}
          {item.canReopen
            ? 'Reopen it to change your marks.'
            : 'Adjudication of this item has started; it can no longer be changed.'}
        </p>
      )}
      {(submitError || reopen.isError) && (
        <p role="alert" className="notice notice-error">
          {submitError || reopen.error?.message}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      <div className="workspace-body">
        <section className="text-column" aria-label="The argument">
          <ArgumentText
            text={item.text}
            layout={layout}
            spans={judgement.spans}
            selectedSpans={selectedSpans}
            pendingRange={palette?.range ?? null}
            containerRef={textRef}
            onMarkRequest={(range) => {
              if (readOnly) {
                setNotice('This item is submitted; reopen it to add marks.');
                return;
              }
              setPalette({ range, anchor: anchorOf(textRef.current, range) });
            }}
            onSpanClick={selectSpan}
            onOutsideAnswer={() =>
              setNotice('The reasoning trace is not part of the argument: mark only the answer after it.')
            }
          />
          <section className="panel marks-panel" aria-labelledby="marks-title">
            <h2 id="marks-title" className="panel-title">
              Marks <span className="muted">({judgement.spans.length})</span>
            </h2>
            <MarksList
              text={item.text}
              spans={judgement.spans}
              selected={selectedSpans}
              readOnly={readOnly}
              onSelect={selectSpan}
              onEdit={editMark}
              onRemove={removeMark}
            />
          </section>
        </section>
        <div className="side-column">
          <FlagsPanel
            judgement={judgement}
            readOnly={readOnly}
            looksTruncated={layout.truncated}
            onFlag={onFlag}
          />
          <div className="panel grid-panel" ref={gridRef}>
            <h2 className="panel-title">
              Factors per case <kbd>G</kbd>
            </h2>
            <FactorGrid
              judgement={judgement}
              spanCounts={spanCounts}
              selected={selectedCell}
              readOnly={readOnly}
              onToggle={onToggle}
              onSelect={selectCell}
            />
            <p className="grid-legend muted">
              <span className="legend-filled" aria-hidden="true" /> marked in the text ·{' '}
              <span className="legend-bare" aria-hidden="true" /> ticked without a mark
            </p>
          </div>
          <CommentPanel
            comment={judgement.comment}
            readOnly={readOnly}
            onComment={onComment}
            commentRef={commentRef}
          />
        </div>
        {showGuidelines && <GuidelinesPanel onClose={toggleGuidelines} />}
      </div>
      {palette && (
        <MarkPalette
          selectedText={item.text.slice(palette.range.start, palette.range.end)}
          initial={
            palette.editIndex === undefined
              ? undefined
              : (() => {
                  const span = judgement.spans[palette.editIndex];
                  return span
                    ? {
                        factor: span.factor,
                        unlistedText: span.text ?? '',
                        case: span.case,
                        polarity: span.polarity,
                        style: span.style,
                      }
                    : undefined;
                })()
          }
          defaultCase={lastCase}
          anchor={palette.anchor}
          onConfirm={confirmMark}
          onCancel={() => {
            setPalette(null);
            textRef.current?.focus();
          }}
        />
      )}
      {showHelp && (
        <KeyboardHelp
          onClose={() => {
            setShowHelp(false);
          }}
        />
      )}
    </div>
  );
}
