import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AnnotationItem } from '../../../shared/annotation-api.ts';
import { layoutArgument } from '../../../shared/argument-layout/argument-layout.ts';
import { itemKeyOf, queueQuery, reopenAnnotation } from '../../api/annotation.ts';
import { itemPath, queuePath } from '../../paths.ts';
import { savedAnnotation } from '../../workspace/annotation-document.ts';
import { nextInQueue } from '../../workspace/queue-order.ts';
import {
  EditorConflict,
  EditorGridPanel,
  EditorOverlays,
  EditorTextColumn,
  EditorTools,
  FinalizeButton,
  ItemTitle,
} from './EditorParts.tsx';
import { CommentPanel, FlagsPanel } from './FlagsPanel.tsx';
import { GuidelinesPanel } from './GuidelinesPanel.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { useAutosaver } from './useAutosaver.ts';
import { IDENTITY_LENS, useJudgementEditor } from './useJudgementEditor.ts';
import { useWorkspaceKeys } from './useWorkspaceKeys.ts';

/** What a submission hands the next screen: which item was submitted, for it to confirm. */
export interface SubmittedState {
  readonly submitted: number;
}

/** The position of the item submitted just before this screen opened, when it was. */
export function submittedPosition(state: unknown): number | null {
  const value = (state as Partial<SubmittedState> | null)?.submitted;
  return typeof value === 'number' ? value : null;
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
  const location = useLocation();
  const [arrivedAfter] = useState(() => submittedPosition(location.state));
  useEffect(() => {
    // Said once: a reload of this item must not confirm the submission again.
    if (arrivedAfter !== null) void navigate(location.pathname, { replace: true, state: null });
  }, [arrivedAfter, navigate, location.pathname]);
  const { autosaver, snapshot, initialDocument } = useAutosaver(study, username, item);
  const readOnly = snapshot.submitted;
  const editor = useJudgementEditor({
    text: item.text,
    initial: initialDocument,
    lens: IDENTITY_LENS,
    isReadOnly: () => autosaver.getSnapshot().submitted,
    save: (judgement) => autosaver.change(judgement),
    ...(arrivedAfter === null ? {} : { initialNotice: `Item ${arrivedAfter} submitted.` }),
  });
  const layout = useMemo(() => layoutArgument(item.text, item.finishReason), [item.text, item.finishReason]);
  const [submitError, setSubmitError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(): Promise<void> {
    if (readOnly || submitting) return;
    setSubmitting(true);
    setSubmitError('');
    try {
      await autosaver.submit();
      const queue = await queryClient.fetchQuery({ ...queueQuery(study), staleTime: 0 });
      const next = nextInQueue(queue.items, item.position);
      const state: SubmittedState = { submitted: item.position };
      void navigate(next ? itemPath(study, next.itemKey) : queuePath(study), { state });
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
      editor.resetFromServer(state.judgement);
      queryClient.setQueryData(itemKeyOf(study, item.itemKey), {
        ...item,
        annotation: state,
        canReopen: false,
      });
    },
  });

  useWorkspaceKeys(editor.keyActions(() => void submit()));

  const conflict = snapshot.status.kind === 'conflict';

  return (
    <div className="workspace">
      <LeaveGuard autosaver={autosaver} snapshot={snapshot} />
      <div className="workspace-bar">
        <ItemTitle
          back={{ to: queuePath(study), label: '← Queue' }}
          position={item.position}
          queueLength={item.queueLength}
        >
          {item.calibration && <span className="badge badge-calibration">calibration</span>}
          {layout.truncated && <span className="badge badge-warn">cut off at the output limit</span>}
        </ItemTitle>
        <SaveStatus snapshot={snapshot} />
        <div className="workspace-actions">
          <EditorTools editor={editor} readOnly={readOnly} />
          {readOnly ? (
            item.canReopen && (
              <button
                type="button"
                className="button-secondary"
                disabled={reopen.isPending}
                onClick={() => reopen.mutate()}
              >
                Reopen to change
              </button>
            )
          ) : (
            <FinalizeButton
              label="Submit"
              busyLabel="Submitting…"
              busy={submitting}
              disabled={conflict}
              onFinalize={() => void submit()}
            />
          )}
        </div>
      </div>
      <EditorConflict editor={editor} autosaver={autosaver} snapshot={snapshot} />
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
      <div className="workspace-body">
        <EditorTextColumn
          editor={editor}
          text={item.text}
          layout={layout}
          readOnly={readOnly}
          before={
            <FlagsPanel
              judgement={editor.judgement}
              readOnly={readOnly}
              looksTruncated={layout.truncated}
              onFlag={editor.onFlag}
            />
          }
          after={
            <CommentPanel
              comment={editor.judgement.comment}
              readOnly={readOnly}
              onComment={editor.onComment}
              commentRef={editor.commentRef}
            />
          }
        />
        <div className="side-column">
          <EditorGridPanel editor={editor} readOnly={readOnly} />
        </div>
      </div>
      {editor.showGuidelines && <GuidelinesPanel onClose={editor.toggleGuidelines} />}
      <EditorOverlays editor={editor} text={item.text} />
    </div>
  );
}
