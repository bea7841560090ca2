import { Hono } from 'hono'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import { adminsOnly } from './OrganizationError.ts'
import { type Env, fromSignature, type OrganizationRouteParts, schemas } from './organizationRouteParts.ts'

/**
 * An organisation's members: the roles an admin gives and takes, an admin's promoting or demoting, and leaving
 * or being removed. The last admin never goes (400).
 */
export function memberRoutes({ store, access, signed }: OrganizationRouteParts) {
  return new Hono<Env>()
    .put(
      '/organizations/:id/members/:user_id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.memberRole),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id, role_id } = c.req.valid('param')
        await access.adminOf(id, userId)
        await store.assignRole(id, role_id, user_id, userId)
        return c.json(await store.member(id, user_id), 200)
      },
    )
    .delete(
      '/organizations/:id/members/:user_id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.memberRole),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id, role_id } = c.req.valid('param')
        await access.adminOf(id, userId)
        await store.unassignRole(id, role_id, user_id)
        return c.json(await store.member(id, user_id), 200)
      },
    )
    .patch(
      '/organizations/:id/members/:user_id',
      sessionRequired,
      pathParams(schemas.member),
      signed,
      jsonBody(schemas.membership, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id } = c.req.valid('param')
        const wanted = c.req.valid('json').membership
        await access.adminOf(id, userId)
        await store.changeMembership(id, user_id, userId, wanted)
        return c.json(await store.member(id, user_id), 200)
      },
    )
    .delete(
      '/organizations/:id/members/:user_id',
      sessionRequired,
      pathParams(schemas.member),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id } = c.req.valid('param')
        const mine = await access.memberOrHidden(id, userId)
        // A member may leave; only an admin removes someone else.
        if (user_id !== userId && mine !== 'admin') throw adminsOnly()
        await store.removeMember(id, user_id, userId)
        return c.body(null, 204)
      },
    )
}
