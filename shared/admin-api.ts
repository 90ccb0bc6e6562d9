import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, roleSchema } from './api.ts';
import { usernameSchema } from './username.ts';

/** A new password: at least 8 characters (as `hashPassword` requires), at most PASSWORD_MAX_LENGTH. */
const newPasswordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** An account's roles: one to three, each once (there are three). */
const rolesSchema = z
  .array(roleSchema)
  .min(1, 'give the account at least one role')
  .max(roleSchema.options.length, 'name each role at most once')
  .refine((roles) => new Set(roles).size === roles.length, 'name each role at most once');

export const DISPLAY_NAME_MAX_LENGTH = 100;

/** POST /api/admin/users */
export const createUserRequestSchema = z.strictObject({
  username: usernameSchema,
  displayName: z.string().trim().min(1).max(DISPLAY_NAME_MAX_LENGTH).optional(),
  roles: rolesSchema,
  /** Omitted: a password is generated and returned once. */
  password: newPasswordSchema.optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** PATCH /api/admin/users/:username */
export const updateUserRequestSchema = z
  .strictObject({
    roles: rolesSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => body.roles !== undefined || body.disabled !== undefined, {
    message: 'say what to change: roles or disabled',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** POST /api/admin/users/:username/password */
export const setPasswordRequestSchema = z.strictObject({
  password: newPasswordSchema.optional(),
});

export const adminUserSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  roles: z.array(roleSchema),
  disabled: z.boolean(),
  canLogIn: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
