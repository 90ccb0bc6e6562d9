import { Router } from 'express';
import {
  createUserRequestSchema,
  setPasswordRequestSchema,
  updateUserRequestSchema,
} from '../../../shared/admin-api.ts';
import { authOf, requireRole } from '../../middlewares/session.ts';
import { validateBody, validateParams } from '../../middlewares/validate.ts';
import { presentAdminUser } from '../../presenters/admin-user.ts';
import {
  changeAccount,
  changePassword,
  createUser,
  generatePassword,
  listAccounts,
} from '../../services/accounts/index.ts';
import { appActor } from '../../services/audit/index.ts';
import type { RouteContext } from '../context.ts';
import { usernameParamsSchema } from '../params.ts';

/** /api/admin/users — accounts, for admins only. Generated passwords are returned once. */
export function adminUserRoutes({ db }: RouteContext): Router {
  const router = Router();
  router.use(requireRole('admin'));
  const params = validateParams(usernameParamsSchema);
  const createBody = validateBody(createUserRequestSchema);
  const updateBody = validateBody(updateUserRequestSchema);
  const passwordBody = validateBody(setPasswordRequestSchema);

  router.get('/', async (_request, response) => {
    response.json((await listAccounts(db)).map(presentAdminUser));
  });

  router.post('/', createBody, async (_request, response) => {
    const body = createBody.of(response);
    const password = body.password ?? generatePassword();
    const user = await createUser(db, appActor(authOf(response).user), { ...body, password });
    response
      .status(201)
      .json({ user: presentAdminUser(user), ...(body.password === undefined ? { password } : {}) });
  });

  router.patch('/:username', params, updateBody, async (_request, response) => {
    const actor = appActor(authOf(response).user);
    const user = await changeAccount(db, actor, params.of(response).username, updateBody.of(response));
    response.json(presentAdminUser(user));
  });

  router.post('/:username/password', params, passwordBody, async (_request, response) => {
    const given = passwordBody.of(response).password;
    const password = given ?? generatePassword();
    await changePassword(db, appActor(authOf(response).user), params.of(response).username, password);
    response.json(given === undefined ? { password } : {});
  });

  return router;
}
