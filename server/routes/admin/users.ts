import { Router } from 'express';
import {
  type CreateUserRequest,
  createUserRequestSchema,
  setPasswordRequestSchema,
  type UpdateUserRequest,
  updateUserRequestSchema,
} from '../../../shared/admin-api.ts';
import { requireRole } from '../../middlewares/session.ts';
import { validateBody } from '../../middlewares/validate.ts';
import { presentAdminUser } from '../../presenters/admin-user.ts';
import {
  changePassword,
  generatePassword,
  requireUserNamed,
  setDisabled,
} from '../../services/user-admin-service.ts';
import { createUser } from '../../services/user-service.ts';
import { listUsers, updateUserRoles } from '../../store/users.ts';
import type { RouteContext } from '../context.ts';
import { param } from '../params.ts';

/** /api/admin/users — accounts, for admins only. Generated passwords are returned once. */
export function adminUserRoutes({ db }: RouteContext): Router {
  const router = Router();
  router.use(requireRole('admin'));

  router.get('/', (_request, response) => {
    response.json(listUsers(db).map(presentAdminUser));
  });

  router.post('/', validateBody(createUserRequestSchema), async (request, response) => {
    const body = request.body as CreateUserRequest;
    const password = body.password ?? generatePassword();
    const user = await createUser(db, { ...body, password });
    response
      .status(201)
      .json({ user: presentAdminUser(user), ...(body.password === undefined ? { password } : {}) });
  });

  router.patch('/:username', validateBody(updateUserRequestSchema), (request, response) => {
    const body = request.body as UpdateUserRequest;
    const user = requireUserNamed(db, param(request, 'username'));
    db.transaction(() => {
      if (body.roles) updateUserRoles(db, user.id, body.roles);
      if (body.disabled !== undefined) setDisabled(db, user.username, body.disabled);
    });
    response.json(presentAdminUser(requireUserNamed(db, user.username)));
  });

  router.post('/:username/password', validateBody(setPasswordRequestSchema), async (request, response) => {
    const { password: given } = request.body as { password?: string };
    const password = given ?? generatePassword();
    await changePassword(db, param(request, 'username'), password);
    response.json(given === undefined ? { password } : {});
  });

  return router;
}
