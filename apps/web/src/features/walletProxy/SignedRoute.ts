import type { AuthorizationMethod } from '@charter/core'
import type { ClientRequestOptions, ClientResponse } from 'hono/client'
import type { ApiClient } from '../../lib/api.ts'

/** How the typed client calls a route by each method a signed request may have. */
type Calls<Input, Sent> = (input: Input, options?: ClientRequestOptions) => Promise<Sent>
type ByMethod<Input, Sent> = {
  POST: { $post: Calls<Input, Sent> }
  PUT: { $put: Calls<Input, Sent> }
  PATCH: { $patch: Calls<Input, Sent> }
  DELETE: { $delete: Calls<Input, Sent> }
}

/**
 * A signed route as the typed client names it (`client.api.v1.wallets[':id'].rpc`): its call by `Method`
 * (`$post`, `$put`, `$patch` or `$delete`), which takes `Input` (`{json, param}`) and answers `Sent`, and its URL,
 * which the signature covers with the method and the body.
 */
export type SignedRoute<
  Method extends AuthorizationMethod = 'POST',
  Input = never,
  Sent extends ClientResponse<unknown, number> = ClientResponse<unknown, number>,
> = ByMethod<Input, Sent>[Method] & { $url: (input?: never) => URL }

/**
 * Picks a signed route from the client the proxy sends with. (A function rather than the route itself, so the
 * route's URL starts with the origin the proxy signs for.)
 */
export type PickSignedRoute<
  Method extends AuthorizationMethod,
  Input,
  Sent extends ClientResponse<unknown, number>,
> = (client: ApiClient) => SignedRoute<Method, Input, Sent>
