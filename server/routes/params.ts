import type { Request } from 'express';
import type { z } from 'zod';
import { errors } from '../errors.ts';

/** A named URL parameter as a string (Express 5 types allow arrays for wildcard segments). */
export function param(request: Request, name: string): string {
  const value: unknown = request.params[name];
  if (typeof value !== 'string' || value === '') throw errors.validation(`The URL is missing its ${name}.`);
  return value;
}

/**
 * A URL parameter checked by a shared schema; a malformed one is a 400 naming the parameter and
 * the schema's rule, never echoing the value (it may be a guess at someone else's address).
 */
export function parsedParam<Schema extends z.ZodType<string>>(
  request: Request,
  name: string,
  schema: Schema,
): z.output<Schema> {
  const result = schema.safeParse(param(request, name));
  if (!result.success)
    throw errors.validation(`${name}: ${result.error.issues[0]?.message ?? 'is not valid'}`);
  return result.data;
}
