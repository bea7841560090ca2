import type { AppType } from '@charter/server'
import type { ExtractSchema } from 'hono/types'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { ApiCall } from './stubApi.ts'

type ApiSchema = ExtractSchema<AppType>
type PathOf<Route> = Route extends `${string} ${infer Path}` ? Path : never
type MethodOf<Route> = Route extends `${infer Method} ${string}` ? `$${Lowercase<Method>}` : never

/** A route of the server as the stand-in names it: 'GET /api/v1/users/me', 'POST /api/v1/wallets/:id/rpc'. */
export type ApiRoute = {
  [Path in keyof ApiSchema & string]: {
    [Method in keyof ApiSchema[Path] & string]: Method extends `$${infer Verb}`
      ? `${Uppercase<Verb>} ${Path}`
      : never
  }[keyof ApiSchema[Path] & string]
}[keyof ApiSchema & string]

type Endpoint<Route extends ApiRoute> = ApiSchema[PathOf<Route>][MethodOf<Route> &
  keyof ApiSchema[PathOf<Route>]]

/** What the server answers `route` on success (its 2xx JSON), as it types it (`AppType`). */
export type AnswerTo<Route extends ApiRoute> =
  Endpoint<Route> extends infer Each
    ? Each extends { output: infer Body; status: infer Status }
      ? [Extract<Status, SuccessStatusCode>] extends [never]
        ? never
        : Body
      : never
    : never

declare const answerBody: unique symbol
declare const refusal: unique symbol

/** A success as the stand-in answers it; `Body` is checked against the server's answer for the route. */
export type StubAnswer<Body> = Response & { readonly [answerBody]: Body }
/** A refusal (`{error, code}` with a 4xx or 5xx), which the server's types do not describe. */
export type Refused = Response & { readonly [refusal]: true }

/**
 * A success answer whose body must be the server's answer for the route it stands in for: its type comes from
 * where it is returned (a route of `StubRoutes`), never from the body itself, so a stub that drifts from the
 * server fails the typecheck.
 */
export const answer = <Body>(body: NoInfer<Body>, status = 200) =>
  Response.json(body, { status }) as StubAnswer<Body>

export const refuse = (body: { error: string; code: string | number }, status: number) =>
  Response.json(body, { status }) as Refused

/** What a stand-in answers: a success with `Body`, or a refusal. */
export type StubReply<Body> = StubAnswer<Body> | Refused

export type StubHandler<Route extends ApiRoute> = (
  call: ApiCall,
  params?: Record<string, string>,
) => StubReply<AnswerTo<Route>> | Promise<StubReply<AnswerTo<Route>>>

/** Stand-ins for the server's routes, each answering what the server answers that route. */
export type StubRoutes = { [Route in ApiRoute]?: StubHandler<Route> }
