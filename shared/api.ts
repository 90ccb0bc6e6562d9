import { z } from 'zod';
import { USERNAME_REFERENCE_MAX_LENGTH } from './username.ts';
import { MODES, TESTS } from './vocabulary.ts';

/** The longest password an account may have: argon2 hashes every length, but a request stays small. */
export const PASSWORD_MAX_LENGTH = 1024;

/** POST /api/auth/login — both bounded, so a failed login never makes the server hold a huge string. */
export const loginRequestSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, 'Enter your user name')
    .max(
      USERNAME_REFERENCE_MAX_LENGTH,
      `A user name has at most ${USERNAME_REFERENCE_MAX_LENGTH} characters`,
    ),
  password: z
    .string()
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleSchema = z.enum(['admin', 'annotator', 'adjudicator']);
export type Role = z.infer<typeof roleSchema>;

/** GET /api/auth/me, and the body of a successful login. */
export const sessionUserSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  roles: z.array(roleSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/studies: the studies in this database. */
export const studySummarySchema = z.object({ name: z.string(), createdAt: z.string() });
export type StudySummary = z.infer<typeof studySummarySchema>;

/** GET /api/studies/:name/overview: what a study holds, per model × test. */
export const studyOverviewSchema = z.object({
  study: z.string(),
  totals: z.object({
    triples: z.number(),
    arguments: z.number(),
    extractions: z.number(),
    failedExtractions: z.number(),
    annotations: z.number(),
    gold: z.number(),
    reportedValues: z.number(),
  }),
  triplesByMode: z.record(z.enum(MODES), z.number()),
  tests: z.array(z.number()).default([...TESTS]),
  models: z.array(
    z.object({
      model: z.string(),
      byTest: z.array(z.object({ test: z.number(), arguments: z.number(), extractions: z.number() })),
    }),
  ),
  extractors: z.array(z.object({ name: z.string(), extracted: z.number(), failed: z.number() })),
  /** Arguments that are not real model runs, by source (e.g. "synthetic demo"). */
  sources: z.array(z.object({ source: z.string(), arguments: z.number() })).default([]),
  /** The latest sample, if one was drawn. */
  sample: z
    .object({
      version: z.number(),
      drawn: z.number(),
      strata: z.number(),
      seed: z.number(),
      strataBy: z.array(z.string()),
    })
    .nullable()
    .default(null),
  /** Who annotates how much, over all samples. */
  assignments: z
    .array(
      z.object({ annotator: z.string(), assigned: z.number(), submitted: z.number(), drafts: z.number() }),
    )
    .default([]),
});
export type StudyOverview = z.infer<typeof studyOverviewSchema>;
