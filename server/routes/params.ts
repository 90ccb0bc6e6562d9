import type { Request } from 'express';
import { errors } from '../errors.ts';

/** A named URL parameter as a string (Express 5 types allow arrays for wildcard segments). */
export function param(request: Request, name: string): string {
  const value: unknown = request.params[name];
  if (typeof value !== 'string' || value === '') throw errors.validation(`The URL is missing its ${name}.`);
  return value;
}
