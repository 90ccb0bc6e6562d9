import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { findLoneSurrogate, loneSurrogateMessage } from '../../shared/text/lone-surrogates.ts';
import { describeIssues } from '../../shared/zod-issues.ts';
import { errors } from '../errors.ts';

/**
 * The JSON body limit of a route that does not ask for more. Every body the API reads is a few kB
 * (a login, a sample's options, a reason); a quarter of a megabyte leaves room for long lists and
 * refuses a runaway client before it is parsed.
 */
export const DEFAULT_BODY_LIMIT = '256kb';

/** A middleware that checked one part of a request with a schema, and the typed value it found. */
export interface Validated<T> {
  (request: Request, response: Response, next: NextFunction): void;
  /** The parsed value of this response's request (a wiring bug — the middleware did not run — throws). */
  of(response: Response): T;
}

/**
 * Checks `read(request)` with `schema`; the first issue becomes a 400 whose message names the field
 * (and never echoes the value: a URL may carry someone else's key), all of them in `details`. The parsed
 * value is kept per response, so the handler reads it typed with `.of(response)` instead of a cast.
 */
function validator<Schema extends z.ZodType>(
  schema: Schema,
  read: (request: Request) => unknown,
  what: string,
): Validated<z.output<Schema>> {
  const values = new WeakMap<Response, { value: z.output<Schema> }>();
  const check = (request: Request, response: Response, next: NextFunction): void => {
    const result = schema.safeParse(read(request));
    if (!result.success) {
      const issues = describeIssues(result.error);
      next(errors.validation(issues[0] ?? `The ${what} is not valid.`, issues));
      return;
    }
    values.set(response, { value: result.data });
    next();
  };
  return Object.assign(check, {
    of(response: Response): z.output<Schema> {
      const entry = values.get(response);
      if (!entry) throw new Error(`the ${what} was read before it was validated`);
      return entry.value;
    },
  });
}

/**
 * A body is read once. A later reader of the same request (the ordinary route after the autosave's
 * short way handed it on) finds the parsed body on the request, or here the error reading it gave.
 */
const unreadableBodies = new WeakMap<Request, { error: unknown }>();

/**
 * Reads the JSON body (at most `limit`; larger is a 413 before anything is parsed) and checks it with a
 * shared schema. Only routes that take a body read one: the size limit sits beside the schema it is for.
 */
export function validateBody<Schema extends z.ZodType>(
  schema: Schema,
  { limit = DEFAULT_BODY_LIMIT }: { limit?: string } = {},
): Validated<z.output<Schema>> {
  const parse = express.json({ limit });
  const check = validator(schema, (request) => request.body ?? {}, 'request body');
  return Object.assign(
    (request: Request, response: Response, next: NextFunction): void => {
      const earlier = unreadableBodies.get(request);
      if (earlier) {
        next(earlier.error);
        return;
      }
      parse(request, response, (error?: unknown) => {
        if (error) {
          unreadableBodies.set(request, { error });
          next(error);
          return;
        }
        // A "\ud800" escape is valid JSON but not Unicode; stored, it would be bytes that are not UTF-8.
        const lone = findLoneSurrogate(request.body);
        if (lone) next(errors.validation(loneSurrogateMessage(lone)));
        else check(request, response, next);
      });
    },
    { of: check.of },
  );
}

/** Checks the query string with a schema (a strict object refuses parameters the route does not know). */
export function validateQuery<Schema extends z.ZodType>(schema: Schema): Validated<z.output<Schema>> {
  return validator(schema, (request) => request.query, 'query string');
}

/** Checks the URL's named parameters with a schema (bounded: a 10 kB "key" is refused, never looked up). */
export function validateParams<Schema extends z.ZodType>(schema: Schema): Validated<z.output<Schema>> {
  return validator(schema, (request) => request.params, 'URL');
}

/**
 * The body limit of the routes that save a judgement (annotations, gold). A heavy but honest save —
 * every factor ticked by its full label in all three cases, 40 unlisted factors, 400 marks (one every
 * few words of a 1,500-word argument), a 5,000-character comment in three-byte characters — is 83 kB
 * of JSON; 1 MB leaves twelve times that, and still refuses a runaway client before it is parsed.
 */
export const JUDGEMENT_BODY_LIMIT = '1mb';

/**
 * Parses input with a shared schema where no middleware can (a value read inside a handler); the first
 * issue becomes a 400 naming the field, as the middlewares do.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issues = describeIssues(result.error);
    throw errors.validation(issues[0] ?? 'The request is not valid.', issues);
  }
  return result.data;
}
