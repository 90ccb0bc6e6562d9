/**
 * How an annotator's judgement travels through the generic Autosaver: the API's request and answer
 * (PUT …/items/:itemKey/annotation), the 409's current state, and what goes into the local draft.
 */
import { z } from 'zod';
import { type AnnotationState, annotationStateSchema } from '../../shared/annotation-api.ts';
import type { Judgement } from '../../shared/schemas/annotation.ts';
import type { putAnnotation } from '../api/annotation.ts';
import type { AutosaveDeps, Autosaver, SavedDocument } from './autosave.ts';

export type AnnotationAutosaver = Autosaver<Judgement, AnnotationState>;
export type SavedAnnotation = SavedDocument<Judgement, AnnotationState>;

/** The annotation state as the Autosaver sees it: final once submitted. */
export function savedAnnotation(state: AnnotationState): SavedAnnotation {
  return {
    version: state.version,
    final: state.status === 'submitted',
    updatedAt: state.updatedAt,
    document: state.judgement,
    state,
  };
}

const conflictDetailsSchema = z.object({ current: annotationStateSchema.nullable() });

/** The parts of AutosaveDeps that depend on the document being an annotation. */
export function annotationDocument(
  send: (request: Parameters<typeof putAnnotation>[2]) => Promise<AnnotationState>,
): Pick<AutosaveDeps<Judgement, AnnotationState>, 'send' | 'conflictCurrent' | 'toDraft' | 'fromDraft'> {
  return {
    send: async (attempt) =>
      savedAnnotation(
        await send({
          version: attempt.version,
          action: attempt.final ? 'submit' : 'save',
          judgement: attempt.document,
          secondsSpent: attempt.secondsSpent,
          clientSaveId: attempt.clientSaveId,
        }),
      ),
    conflictCurrent: (details) => {
      const parsed = conflictDetailsSchema.safeParse(details);
      return parsed.success && parsed.data.current ? savedAnnotation(parsed.data.current) : null;
    },
    toDraft: (judgement) => ({ judgement }),
    fromDraft: (content) => content.judgement,
  };
}
