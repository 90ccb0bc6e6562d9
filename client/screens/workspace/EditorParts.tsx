/**
 * The pieces of a judgement editor that the annotator's workspace and the adjudicator's screen share
 * (one set of components): the tool buttons, the text with its marks, the factor grid, and the
 * palette and key list over them.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ArgumentLayout } from '../../../shared/argument-layout/argument-layout.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import type { Autosaver, AutosaveSnapshot } from '../../workspace/autosave.ts';
import { ariaShortcut } from '../../workspace/key-chords.ts';
import type { KeyGroup } from '../../workspace/key-list.ts';
import type { TextRange } from '../../workspace/selection.ts';
import { ArgumentText, type SpanLayers } from './ArgumentText.tsx';
import { ConflictBanner } from './ConflictBanner.tsx';
import { FactorGrid } from './FactorGrid.tsx';
import { KeyboardHelp } from './KeyboardHelp.tsx';
import { MarkPalette } from './MarkPalette.tsx';
import { MarksList } from './MarksList.tsx';
import type { JudgementEditor } from './useJudgementEditor.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';

/**
 * The last change to the judgement in words (and undo's), in a live region and in view: one line at
 * the top of the text's pane, which stays there while the text scrolls.
 */
export function ChangeNotice<TDoc>({ editor }: { editor: JudgementEditor<TDoc> }) {
  return (
    <p className="change-notice" role="status" aria-live="polite" aria-atomic="true">
      {editor.notice.text && <span key={editor.notice.id}>{editor.notice.text}</span>}
    </p>
  );
}

/** Undo, redo, the guidelines and the key list: the tools every editing screen has. */
export function EditorTools<TDoc>({
  editor,
  readOnly,
}: {
  editor: JudgementEditor<TDoc>;
  readOnly: boolean;
}) {
  return (
    <>
      {(
        [
          ['Undo', ariaShortcut('Ctrl+Z'), editor.canUndo, editor.undo],
          ['Redo', ariaShortcut('Ctrl+Shift+Z'), editor.canRedo, editor.redo],
        ] as const
      ).map(([label, keys, possible, step]) => (
        <button
          key={label}
          type="button"
          className="button-secondary button-small"
          disabled={readOnly || !possible}
          onClick={step}
          aria-keyshortcuts={keys}
        >
          {label}
        </button>
      ))}
      <button
        type="button"
        className="button-secondary button-small"
        aria-pressed={editor.showGuidelines}
        onClick={editor.toggleGuidelines}
        aria-keyshortcuts="L"
      >
        Guidelines
      </button>
      <button
        type="button"
        className="button-secondary button-small"
        onClick={() => editor.setShowHelp(true)}
        aria-keyshortcuts="?"
      >
        Keys <kbd>?</kbd>
      </button>
    </>
  );
}

/** The argument with the judgement's marks (and, when adjudicating, the annotators' as layers), then the list of marks. */
export function EditorTextColumn<TDoc>({
  editor,
  text,
  layout,
  readOnly,
  layers,
  legend,
  before,
  after,
  evidenceRange,
}: {
  editor: JudgementEditor<TDoc>;
  text: string;
  layout: ArgumentLayout;
  readOnly: boolean;
  layers?: SpanLayers;
  legend?: ReactNode;
  /** Panels over the text (the annotator's flags) and after the list of marks (the comment). */
  before?: ReactNode;
  after?: ReactNode;
  /** An extractor's evidence the adjudicator asked to see. */
  evidenceRange?: TextRange | null;
}) {
  return (
    <section className="text-column" aria-label="The argument">
      <ChangeNotice editor={editor} />
      {before}
      {legend}
      <ArgumentText
        text={text}
        layout={layout}
        spans={editor.judgement.spans}
        marks={editor.marks}
        selectedSpans={editor.selectedSpans}
        selectedMarkStart={editor.selectedMark?.start ?? null}
        pendingRange={editor.palette?.range ?? null}
        evidenceRange={evidenceRange ?? null}
        {...(layers ? { layers } : {})}
        containerRef={editor.textRef}
        controlRef={editor.textControl}
        onMarkRequest={editor.requestMark}
        onSpanClick={editor.selectSpan}
        onEditSelected={() => {
          const mark = editor.selectedMark;
          if (mark && !readOnly) editor.editMark(mark.indices[0] ?? 0);
        }}
        onRemoveSelected={() => {
          const mark = editor.selectedMark;
          if (mark && !readOnly) editor.removeMark(mark.indices[0] ?? 0);
        }}
        onOutsideAnswer={() =>
          editor.setNotice('The reasoning trace is not part of the argument: mark only the answer after it.')
        }
      />
      <section className="panel marks-panel" aria-labelledby="marks-title">
        <h2 id="marks-title" className="panel-title">
          Marks <span className="muted">({editor.marks.length})</span>
        </h2>
        <MarksList
          text={text}
          marks={editor.marks}
          selected={editor.selectedSpans}
          readOnly={readOnly}
          onSelect={editor.selectSpan}
          onEdit={editor.editMark}
          onRemove={editor.removeMark}
        />
      </section>
      {after}
    </section>
  );
}

/** The 26 × 3 grid of the judgement; with `annotators`, each cell also shows whether A and B ticked it. */
export function EditorGridPanel<TDoc>({
  editor,
  readOnly,
  annotators,
}: {
  editor: JudgementEditor<TDoc>;
  readOnly: boolean;
  annotators?: { readonly a: Judgement; readonly b: Judgement };
}) {
  return (
    <div className="panel grid-panel" ref={editor.gridRef}>
      <h2 className="panel-title">
        Factors per case <kbd>G</kbd>
      </h2>
      <FactorGrid
        judgement={editor.judgement}
        spanCounts={editor.spanCounts}
        selected={editor.selectedCell}
        readOnly={readOnly}
        onToggle={editor.onToggle}
        onSelect={editor.selectCell}
        {...(annotators ? { annotators } : {})}
      />
      <p className="grid-legend muted">
        <span className="legend-filled" aria-hidden="true" /> marked in the text ·{' '}
        <span className="legend-bare" aria-hidden="true" /> ticked without a mark
        {annotators && ' · A, B: ticked by that annotator'}
      </p>
    </div>
  );
}

/** The mark palette (while a selection is being marked) and the key list (on `?`), of `keys` (the workspace's by default). */
export function EditorOverlays<TDoc>({
  editor,
  text,
  keys = WORKSPACE_KEYS,
}: {
  editor: JudgementEditor<TDoc>;
  text: string;
  keys?: readonly KeyGroup[];
}) {
  const { palette } = editor;
  const edited = palette?.edit;
  return (
    <>
      {palette && (
        <MarkPalette
          selectedText={text.slice(palette.range.start, palette.range.end)}
          initial={
            edited
              ? {
                  factor: edited.factor,
                  unlistedText: edited.text ?? '',
                  cases: edited.cases,
                  polarity: edited.polarity,
                  style: edited.style,
                }
              : undefined
          }
          defaultCases={editor.lastCases}
          anchor={palette.anchor}
          onConfirm={editor.confirmMark}
          onCancel={editor.cancelPalette}
        />
      )}
      {editor.showHelp && <KeyboardHelp keys={keys} onClose={() => editor.setShowHelp(false)} />}
    </>
  );
}

/** A 409's choice, wired: "see theirs" shows the server's document (undo returns to mine), "keep mine" saves over it. */
export function EditorConflict<
  TDoc,
  TState extends { status: string; judgement: Judgement; updatedAt: string },
>({
  editor,
  autosaver,
  snapshot,
}: {
  editor: JudgementEditor<TDoc>;
  autosaver: Autosaver<TDoc, TState>;
  snapshot: AutosaveSnapshot<TDoc, TState>;
}) {
  if (snapshot.status.kind !== 'conflict') return null;
  const { theirs } = snapshot.status;
  return (
    <ConflictBanner
      theirs={theirs?.state ?? null}
      final={theirs?.final ?? false}
      onTheirs={() => {
        const document = autosaver.resolveConflict('theirs');
        if (document) editor.replaceFromServer(document);
      }}
      onMine={() => autosaver.resolveConflict('mine')}
    />
  );
}

/** The screen's final step (Submit, Fix the gold) on Ctrl + Enter, with its in-flight wording. */
export function FinalizeButton({
  label,
  busyLabel,
  busy,
  disabled,
  onFinalize,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
  onFinalize: () => void;
}) {
  return (
    <button
      type="button"
      className="button-primary"
      disabled={busy || disabled}
      onClick={onFinalize}
      aria-keyshortcuts={ariaShortcut('Ctrl+Enter')}
    >
      {busy ? busyLabel : label} <kbd>Ctrl ↵</kbd>
    </button>
  );
}

/** The bar's title: the way back, "Item n of m", then the item's badges (`children`). */
export function ItemTitle({
  back,
  position,
  queueLength,
  children,
}: {
  /** Where the back link goes, and its whole text ("← Queue"). */
  readonly back: { readonly to: string; readonly label: string };
  readonly position: number;
  readonly queueLength: number;
  readonly children?: ReactNode;
}) {
  return (
    <div className="workspace-title">
      <Link to={back.to} className="back-link">
        {back.label}
      </Link>
      <h1 tabIndex={-1}>
        Item {position} <span className="muted">of {queueLength}</span>
      </h1>
      {children}
    </div>
  );
}
