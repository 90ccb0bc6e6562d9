import type { Request } from 'express';
import { z } from 'zod';
import { itemKeySchema } from '../../shared/annotation-api.ts';
import { recordIdSchema } from '../../shared/schemas/triple.ts';
import { usernameReferenceSchema } from '../../shared/username.ts';
import { errors } from '../errors.ts';

/**
 * The URL parameters of the API, each bounded: a malformed one is a 400 naming the parameter and its
 * rule, never echoing the value (it may be a guess at someone else's address), and never looked up.
 * Objects, not strict ones: a router mounted under /studies/:study also sees `study`.
 */
export const studyParamsSchema = z.object({
  study: z.string().min(1).max(64, 'a study name is at most 64 characters'),
});
export const itemParamsSchema = z.object({ itemKey: itemKeySchema });
export const argumentParamsSchema = z.object({ argumentId: recordIdSchema });
export const usernameParamsSchema = z.object({ username: usernameReferenceSchema });

/** A named URL parameter as a string (Express 5 types allow arrays for wildcard segments). */
export function param(request: Request, name: string): string {
  const value: unknown = request.params[name];
  if (typeof value !== 'string' || value === '') throw errors.validation(`The URL is missing its ${name}.`);
  return value;
}
