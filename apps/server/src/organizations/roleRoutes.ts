import { Hono } from 'hono'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import { type Env, fromSignature, type OrganizationRouteParts, schemas } from './organizationRouteParts.ts'

/** An organisation's roles, each a pinned document with its history, and the roles a member holds anywhere. */
export function roleRoutes({ store, access, pin, signed }: OrganizationRouteParts) {
  return new Hono<Env>()
    .post(
      '/organizations/:id/roles',
      sessionRequired,
      pathParams(schemas.org),
      signed,
      jsonBody(schemas.document, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id } = c.req.valid('param')
        await access.adminOf(id, userId)
        const pinned = await pin(c.req.valid('json').document)
        const roleId = await store.createRole(id, userId, pinned)
        return c.json(await store.role(id, roleId), 200)
      },
    )
    .put(
      '/organizations/:id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.role),
      signed,
      jsonBody(schemas.document, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, role_id } = c.req.valid('param')
        await access.adminOf(id, userId)
        // Nothing is pinned for a role that is not there.
        await store.liveRole(id, role_id)
        const pinned = await pin(c.req.valid('json').document)
        await store.changeRole(id, role_id, userId, pinned)
        return c.json(await store.role(id, role_id), 200)
      },
    )
    .delete(
      '/organizations/:id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.role),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, role_id } = c.req.valid('param')
        await access.adminOf(id, userId)
        await store.deleteRole(id, role_id)
        return c.body(null, 204)
      },
    )
    .get(
      '/organizations/:id/roles/:role_id/history',
      sessionRequired,
      pathParams(schemas.role),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, role_id } = c.req.valid('param')
        await access.memberOrHidden(id, userId)
        return c.json({ versions: await store.roleHistory(id, role_id) }, 200)
      },
    )
    .get('/my_roles', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      return c.json({ roles: await store.rolesHeldBy(userId) }, 200)
    })
}
