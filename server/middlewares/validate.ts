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

/**
 * Parses a request body (or query) with a shared schema inside a handler, so the handler gets the
 * schema's output type without a cast; the first issue becomes a 400 naming the field, as
 * `validateBody` does.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issues = describeIssues(result.error);
    throw errors.validation(issues[0] ?? 'The request is not valid.', issues);
  }
  return result.data;
}
