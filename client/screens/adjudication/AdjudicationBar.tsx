import type { Dispatch, SetStateAction } from 'react';
import type { AdjudicationItem, GoldState } from '../../../shared/adjudication-api.ts';
import { adjudicationPath } from '../../paths.ts';
import type { AutosaveSnapshot } from '../../workspace/autosave.ts';
import type { GoldDocument } from '../../workspace/gold-document.ts';
import { EditorTools, FinalizeButton, ItemTitle } from '../workspace/EditorParts.tsx';
import { SaveStatus } from '../workspace/SaveStatus.tsx';
import type { JudgementEditor } from '../workspace/useJudgementEditor.ts';

/** The adjudication's top bar: back to the queue, which item, the save status, names, side by side, the tools and Fix. */
export function AdjudicationBar({
  study,
  item,
  truncated,
  snapshot,
  editor,
  readOnly,
  showNames,
  setShowNames,
  sideBySide,
  setSideBySide,
  fixing,
  onFix,
}: {
  readonly study: string;
  readonly item: AdjudicationItem;
  readonly truncated: boolean;
  readonly snapshot: AutosaveSnapshot<GoldDocument, GoldState>;
  readonly editor: JudgementEditor<GoldDocument>;
  readonly readOnly: boolean;
  readonly showNames: boolean;
  readonly setShowNames: (shown: boolean) => void;
  readonly sideBySide: boolean;
  readonly setSideBySide: Dispatch<SetStateAction<boolean>>;
  readonly fixing: boolean;
  readonly onFix: () => void;
}) {
  return (
    <div className="workspace-bar">
      <ItemTitle
        back={{ to: adjudicationPath(study), label: '← Adjudication' }}
        position={item.position}
        queueLength={item.queueLength}
      >
        {truncated && <span className="badge badge-warn">cut off at the output limit</span>}
      </ItemTitle>
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
            disabled={snapshot.status.kind === 'conflict'}
            onFinalize={onFix}
          />
        )}
      </div>
    </div>
  );
}
