import type { ClientRequestOptions, ClientResponse } from 'hono/client'
import type { ApiClient } from '../../lib/api.ts'

/**
 * A signed route as the typed client names it (`client.api.v1.wallets[':id'].rpc`): its POST, which takes
 * `Input` (`{json, param}`) and answers `Sent`, and its URL, which is what the signature covers.
 */
export type SignedRoute<
  Input = never,
  Sent extends ClientResponse<unknown, number> = ClientResponse<unknown, number>,
> = {
  $post: (input: Input, options?: ClientRequestOptions) => Promise<Sent>
  $url: (input?: never) => URL
}

/**
 * Picks a signed route from the client the proxy sends with. (A function rather than the route itself, so the
 * route's URL starts with the origin the proxy signs for.)
 */
export type PickSignedRoute<Input, Sent extends ClientResponse<unknown, number>> = (
  client: ApiClient,
) => SignedRoute<Input, Sent>
