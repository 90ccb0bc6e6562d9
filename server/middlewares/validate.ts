import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { describeIssues } from '../../shared/zod-issues.ts';
import { errors } from '../errors.ts';

/**
 * Validates the request body with a shared schema and replaces it with the parsed value; the first
 * issue becomes a 400 whose message names the field, and all of them travel in `details`.
 */
export function validateBody<Schema extends z.ZodType>(schema: Schema) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const result = schema.safeParse(request.body ?? {});
    if (!result.success) {
      const issues = describeIssues(result.error);
      next(errors.validation(issues[0] ?? 'The request body is not valid.', issues));
      return;
    }
    request.body = result.data;
    next();
  };
}
