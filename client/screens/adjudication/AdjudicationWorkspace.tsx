import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { agreedJudgement } from '../../../shared/adjudication/agreed-judgement.ts';
import type { AdjudicationItem, GoldState } from '../../../shared/adjudication-api.ts';
import { layoutArgument } from '../../../shared/argument-layout/argument-layout.ts';
import { emptyJudgement, type Judgement } from '../../../shared/schemas/annotation.ts';
import { adjudicationItemQuery, adjudicationQueueKey, putGold } from '../../api/adjudication.ts';
import { Autosaver } from '../../workspace/autosave.ts';
import { scrollOffsetIntoView } from '../../workspace/dom-offsets.ts';
import { draftKey } from '../../workspace/draft-store.ts';
import {
  type GoldAutosaver,
  type GoldDocument,
  goldDocument,
  savedGold,
} from '../../workspace/gold-document.ts';
import type { TextRange } from '../../workspace/selection.ts';
import { ChangeNotice, EditorConflict, EditorOverlays, EditorTextColumn } from '../workspace/EditorParts.tsx';
import { GuidelinesPanel } from '../workspace/GuidelinesPanel.tsx';
import { LeaveGuard } from '../workspace/LeaveGuard.tsx';
import { useDocumentAutosaver } from '../workspace/useAutosaver.ts';
import { type JudgementLens, useJudgementEditor } from '../workspace/useJudgementEditor.ts';
import './adjudication.css';
import { AdjudicationBar } from './AdjudicationBar.tsx';
import { AdjudicationSideColumn } from './AdjudicationSideColumn.tsx';
import { ADJUDICATION_KEYS } from './adjudication-keys.ts';
import { FixProblems } from './FixProblems.tsx';
import { RevealPanel } from './RevealPanel.tsx';
import { SideBySide } from './SideBySide.tsx';
import { useAdjudicationKeys } from './useAdjudicationKeys.ts';
import { useFixGold } from './useFixGold.ts';
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

const STATUS_NOTE: Readonly<Record<GoldState['status'], string>> = {
  draft: '',
  fixed: 'The gold is fixed.',
  imported: 'This gold was imported.',
};

/** What this item's gold is: about to start the adjudication (the annotators can no longer reopen), or fixed. */
function GoldNotices({
  item,
  readOnly,
  version,
}: {
  readonly item: AdjudicationItem;
  readonly readOnly: boolean;
  readonly version: number;
}) {
  return (
    <>
      {!readOnly && !item.started && version === 0 && (
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
    </>
  );
}

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

  const edits = useGoldEdits(editor, item);
  const { fix, fixing, attempt, problems } = useFixGold(editor, autosaver, item, readOnly);
  useAdjudicationKeys({ editor, item, listRef, setSideBySide, onFix: () => void fix() });

  const judgement: Judgement = editor.judgement;
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
      <AdjudicationBar
        study={study}
        item={item}
        truncated={layout.truncated}
        snapshot={snapshot}
        editor={editor}
        readOnly={readOnly}
        showNames={showNames}
        setShowNames={setShowNames}
        sideBySide={sideBySide}
        setSideBySide={setSideBySide}
        fixing={fixing}
        onFix={() => void fix()}
      />
      <EditorConflict editor={editor} autosaver={autosaver} snapshot={snapshot} />
      <GoldNotices item={item} readOnly={readOnly} version={snapshot.version} />
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
        <AdjudicationSideColumn
          item={item}
          editor={editor}
          edits={edits}
          readOnly={readOnly}
          truncated={layout.truncated}
          reveal={reveal}
          nameOf={nameOf}
          listRef={listRef}
          onFix={() => void fix()}
        />
        {editor.showGuidelines && <GuidelinesPanel onClose={editor.toggleGuidelines} />}
      </div>
      <EditorOverlays editor={editor} text={item.text} keys={ADJUDICATION_KEYS} />
    </div>
  );
}
