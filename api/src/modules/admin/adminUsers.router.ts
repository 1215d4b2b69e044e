import {
  disableUserRequestSchema,
  extendExpiryRequestSchema,
  idSchema,
  MAX_PAGE_SIZE,
  reduceExpiryRequestSchema,
  subscriberRequestSchema,
  USER_STATUSES,
  userEmailRequestSchema,
  userStatusRequestSchema,
} from '@dond/shared';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { RouterContext } from '../../routerContext.js';
import { requireAdmin } from '../../auth/guards.js';
import { parseListQuery, setContentRange, type ListSpec } from '../../http/listQuery.js';
import { parse, parseBody } from '../../http/validate.js';
import { toAdminUser, usersRepo, type UserListFilter } from '../users/users.repo.js';
import { adminUsersService } from './adminUsers.service.js';

const userListFilterSchema: z.ZodType<UserListFilter> = z
  .object({
    q: z
      .string({ error: 'q must be text' })
      .trim()
      .max(254, { error: 'q must be at most 254 characters' })
      .optional(),
    status: z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` }).optional(),
    // react-admin's getMany sends filter={"id":[1,2,3]}; a single id is accepted too.
    id: z
      .preprocess(
        (id) => (Array.isArray(id) ? id : [id]),
        z.array(idSchema).max(MAX_PAGE_SIZE, { error: `id may list at most ${MAX_PAGE_SIZE} ids` }),
      )
      .optional(),
  })
  .strict();

/** Both user lists: newest accounts first unless the client sorts otherwise. */
const USER_LIST: ListSpec<UserListFilter> = {
  resource: 'users',
  sortable: {
    id: 'id',
    username: 'username_key',
    email: 'email',
    status: 'status',
    isAdmin: 'is_admin',
    isMonthlySubscriber: 'is_monthly_subscriber',
    createdAt: 'created_at',
    expiryDate: 'expiry_date',
    lastLoginAt: 'last_login_at',
  },
  defaultSort: ['createdAt', 'DESC'],
  filter: userListFilterSchema,
};

const userIdOf = (req: Request) => parse(z.object({ userId: idSchema }), req.params).userId;

/** /api/admin/users: the user lists and the admin's actions on an account. */
export function adminUsersRouter(ctx: RouterContext): Router {
  const users = usersRepo(ctx.db);
  const accounts = adminUsersService(ctx);
  const router = express.Router();
  router.use(requireAdmin);

  async function sendList(req: Request, res: Response, only: UserListFilter = {}) {
    const list = parseListQuery(req, USER_LIST);
    const page = await users.listPage({ ...list.filter, ...only }, list);
    setContentRange(res, list, page);
    res.json(page.rows.map(toAdminUser));
  }

  router.get('/', (req, res) => sendList(req, res));
  router.get('/pending', (req, res) => sendList(req, res, { status: 'pending' }));

  router.get('/:userId', async (req, res) => {
    res.json(await accounts.find(userIdOf(req)));
  });

  router.patch('/:userId/status', async (req, res) => {
    const userId = userIdOf(req);
    const { status } = parseBody(userStatusRequestSchema, req);
    res.json(await accounts.setStatus(userId, status));
  });

  router.patch('/:userId/email', async (req, res) => {
    const userId = userIdOf(req);
    const { email } = parseBody(userEmailRequestSchema, req);
    res.json(await accounts.setEmail(userId, email));
  });

  router.patch('/:userId/extend', async (req, res) => {
    const userId = userIdOf(req);
    const { days } = parseBody(extendExpiryRequestSchema, req);
    res.json(await accounts.extendExpiry(userId, days));
  });

  router.patch('/:userId/reduce', async (req, res) => {
    const userId = userIdOf(req);
    const { days } = parseBody(reduceExpiryRequestSchema, req);
    res.json(await accounts.reduceExpiry(userId, days));
  });

  router.patch('/:userId/disable', async (req, res) => {
    const userId = userIdOf(req);
    parseBody(disableUserRequestSchema, req);
    res.json(await accounts.disable(userId));
  });

  router.patch('/:userId/subscriber', async (req, res) => {
    const userId = userIdOf(req);
    const { isMonthlySubscriber } = parseBody(subscriberRequestSchema, req);
    res.json(await accounts.setMonthlySubscriber(userId, isMonthlySubscriber));
  });

  // react-admin's delete reads the deleted record back; it carries the id.
  router.delete('/:userId', async (req, res) => {
    res.json(await accounts.remove(userIdOf(req)));
  });

  return router;
}
