import { z } from 'zod';

/**
 * What the audit trail records, by stable name: every change of people's work (annotations, gold)
 * and of the study's set-up (accounts, samples, assignments, imports, settings). Reads are not audited; the
 * request log has them.
 */
export const AUDIT_ACTIONS = [
  'annotation.save',
  'annotation.submit',
  'annotation.reopen',
  'adjudication.start',
  'gold.save',
  'gold.fix',
  'gold.accept',
  'gold.reopen',
  'user.create',
  'user.roles',
  'user.disable',
  'user.enable',
  'user.password',
  'sample.draw',
  'assignment.assign',
  'assignment.reassign',
  'import',
  'study.settings',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** One entry of GET /api/studies/:study/audit and of `export audit`. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The study's name; null for a change that belongs to no study (accounts). */
  study: z.string().nullable(),
  /** The account that acted; null when the command line acted. */
  actor: z.string().nullable(),
  via: z.enum(['app', 'cli']),
  action: auditActionSchema,
  /** What was changed: an argument id, a user name, "sample 2", a file name. */
  subject: z.string(),
  /** Versions, statuses, roles, counts: never a password, a judgement or a text. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/studies/:study/audit?since=&limit= */
export const auditQuerySchema = z.strictObject({
  /** Entries at or after this moment (ISO 8601, e.g. 2025-03-01 or 2025-03-01T09:00:00Z). */
  since: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'give an ISO date or date-time, e.g. 2025-03-01')
    .transform((value) => new Date(value).toISOString())
    .optional(),
  /** How many entries at most, oldest first (default 100). */
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
