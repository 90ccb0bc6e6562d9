import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AnnotationItem, AnnotationState } from '../../../shared/annotation-api.ts';
import { emptyJudgement, type Judgement } from '../../../shared/schemas/annotation.ts';
import { itemKeyOf, putAnnotation, queueKey } from '../../api/annotation.ts';
import { serverAnswers } from '../../api/health.ts';
import {
  type ActiveTime,
  recordInput,
  startActiveTime,
  takeSeconds,
  tick,
} from '../../workspace/active-time.ts';
import {
  type AnnotationAutosaver,
  annotationDocument,
  savedAnnotation,
} from '../../workspace/annotation-document.ts';
import { Autosaver, type AutosaveSnapshot } from '../../workspace/autosave.ts';
import { draftKey } from '../../workspace/draft-store.ts';

const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'scroll'] as const;

/** Active time on the item (visible tab, input in the last minute), taken by each save. */
function useActiveTime(): () => number {
  const time = useRef<ActiveTime>(startActiveTime());
  useEffect(() => {
    const onInput = () => {
      time.current = recordInput(time.current, Date.now());
    };
    onInput();
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    const interval = setInterval(() => {
      time.current = tick(time.current, Date.now(), document.visibilityState === 'visible');
    }, 1000);
    return () => {
      clearInterval(interval);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, []);
  return () => {
    const { seconds, rest } = takeSeconds(time.current);
    time.current = rest;
    return seconds;
  };
}

export interface AutosaverHandle<TDoc, TState> {
  readonly autosaver: Autosaver<TDoc, TState>;
  readonly snapshot: AutosaveSnapshot<TDoc, TState>;
  /** What to show first: this browser's unsent draft when there is one, else the server's document. */
  readonly initialDocument: TDoc;
}

/**
 * The life of one Autosaver on a screen: created once (restoring this browser's unsent draft), sends
 * when the browser comes back online and when the tab is hidden, warns before a reload with unsent
 * work, pauses when the screen goes away.
 */
export function useDocumentAutosaver<TDoc, TState>(
  create: () => { autosaver: Autosaver<TDoc, TState>; initialDocument: TDoc },
): AutosaverHandle<TDoc, TState> {
  const [{ autosaver, initialDocument }] = useState(create);
  const snapshot = useSyncExternalStore(autosaver.subscribe, autosaver.getSnapshot);

  useEffect(() => {
    autosaver.start();
    const flush = () => autosaver.flush();
    const onHide = () => {
      if (document.visibilityState === 'hidden') autosaver.flush();
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      // The draft is in storage either way; the prompt is for a browser whose storage failed.
      if (autosaver.hasUnsavedWork()) event.preventDefault();
    };
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('beforeunload', beforeUnload);
      autosaver.pause();
    };
  }, [autosaver]);

  return { autosaver, snapshot, initialDocument };
}

/**
 * The annotator's Autosaver for one item, with active time sent along, keeping the item and queue
 * caches in step with what the server acknowledged.
 */
export function useAutosaver(
  study: string,
  username: string,
  item: AnnotationItem,
): AutosaverHandle<Judgement, AnnotationState> {
  const queryClient = useQueryClient();
  const takeActiveSeconds = useActiveTime();
  const takeRef = useRef(takeActiveSeconds);
  takeRef.current = takeActiveSeconds;

  return useDocumentAutosaver(() => {
    const autosaver: AnnotationAutosaver = new Autosaver(
      {
        ...annotationDocument((request) => putAnnotation(study, item.itemKey, request)),
        storage: window.localStorage,
        draftKey: draftKey(username, study, item.itemKey),
        takeSeconds: () => takeRef.current(),
        probe: serverAnswers,
        onAcknowledged: ({ state }) => {
          queryClient.setQueryData(itemKeyOf(study, item.itemKey), (old: AnnotationItem | undefined) =>
            old ? { ...old, annotation: state } : old,
          );
          void queryClient.invalidateQueries({ queryKey: queueKey(study) });
        },
      },
      {
        version: item.annotation?.version ?? 0,
        document: item.annotation?.judgement ?? emptyJudgement(),
        submitted: item.annotation?.status === 'submitted',
        updatedAt: item.annotation?.updatedAt ?? null,
      },
    );
    const restored = autosaver.restoreDraft(item.annotation ? savedAnnotation(item.annotation) : null);
    return { autosaver, initialDocument: restored ?? item.annotation?.judgement ?? emptyJudgement() };
  });
}
