/**
 * How an adjudicator's gold travels through the generic Autosaver: the judgement with the decisions
 * that produced it, the API's request and answer (PUT …/adjudication/items/:itemKey/gold), the 409's
 * current state, and what goes into the local draft.
 */
import { z } from 'zod';
import {
  type Decision,
  type GoldState,
  goldStateSchema,
  type SaveGoldRequest,
} from '../../shared/adjudication-api.ts';
import type { Judgement } from '../../shared/schemas/annotation.ts';
import type { AutosaveDeps, Autosaver, SavedDocument } from './autosave.ts';

export interface GoldDocument {
  readonly judgement: Judgement;
  readonly decisions: readonly Decision[];
}

export type GoldAutosaver = Autosaver<GoldDocument, GoldState>;
export type SavedGold = SavedDocument<GoldDocument, GoldState>;

/** The gold state as the Autosaver sees it: final once fixed (or imported). */
export function savedGold(state: GoldState): SavedGold {
  return {
    version: state.version,
    final: state.status !== 'draft',
    updatedAt: state.updatedAt,
    document: { judgement: state.judgement, decisions: state.decisions },
    state,
  };
}

const conflictDetailsSchema = z.object({ current: goldStateSchema.nullable() });

/** The parts of AutosaveDeps that depend on the document being gold. */
export function goldDocument(
  send: (request: SaveGoldRequest) => Promise<GoldState>,
): Pick<AutosaveDeps<GoldDocument, GoldState>, 'send' | 'conflictCurrent' | 'toDraft' | 'fromDraft'> {
  return {
    send: async (attempt) =>
      savedGold(
        await send({
          version: attempt.version,
          action: attempt.final ? 'fix' : 'save',
          judgement: attempt.document.judgement,
          decisions: [...attempt.document.decisions],
          clientSaveId: attempt.clientSaveId,
        }),
      ),
    conflictCurrent: (details) => {
      const parsed = conflictDetailsSchema.safeParse(details);
      return parsed.success && parsed.data.current ? savedGold(parsed.data.current) : null;
    },
    toDraft: (gold) => ({ judgement: gold.judgement, decisions: [...gold.decisions] }),
    fromDraft: (content) => ({ judgement: content.judgement, decisions: content.decisions ?? [] }),
  };
}
