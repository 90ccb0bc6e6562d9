import { z } from 'zod';
import { roleSchema } from './api.ts';

/** POST /api/admin/users */
export const createUserRequestSchema = z.strictObject({
  username: z.string().trim().min(2, 'must be at least 2 characters'),
  displayName: z.string().trim().min(1).optional(),
  roles: z.array(roleSchema).min(1, 'give the account at least one role'),
  /** Omitted: a password is generated and returned once. */
  password: z.string().min(8, 'must be at least 8 characters').optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** PATCH /api/admin/users/:username */
export const updateUserRequestSchema = z
  .strictObject({
    roles: z.array(roleSchema).min(1, 'give the account at least one role').optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => body.roles !== undefined || body.disabled !== undefined, {
    message: 'say what to change: roles or disabled',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** POST /api/admin/users/:username/password */
export const setPasswordRequestSchema = z.strictObject({
  password: z.string().min(8, 'must be at least 8 characters').optional(),
});

export const adminUserSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  roles: z.array(roleSchema),
  disabled: z.boolean(),
  canLogIn: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
