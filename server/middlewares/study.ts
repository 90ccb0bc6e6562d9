import type { NextFunction, Request, Response } from 'express';
import { studyParamsSchema } from '../routes/params.ts';
import { requireStudy } from '../services/study/index.ts';
import type { Db } from '../store/db.ts';
import type { StudyRow } from '../store/studies.ts';
import { validateParams } from './validate.ts';

const studies = new WeakMap<Response, StudyRow>();

/**
 * Loads the study of `/studies/:study/…` once per request, for every route below it (404 when there is
 * no such study); handlers read it with `studyOf(response)`. Mounted after `requireUser`, so a caller
 * without a session learns nothing about which studies exist.
 */
export function loadStudy(db: Db) {
  const params = validateParams(studyParamsSchema);
  return (request: Request, response: Response, next: NextFunction): void => {
    params(request, response, async (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      try {
        studies.set(response, await requireStudy(db, params.of(response).study));
        next();
      } catch (notFound) {
        next(notFound);
      }
    });
  };
}

/** The study `loadStudy` loaded for this request. */
export function studyOf(response: Response): StudyRow {
  const study = studies.get(response);
  if (!study) throw new Error('studyOf() outside a /studies/:study route');
  return study;
}
