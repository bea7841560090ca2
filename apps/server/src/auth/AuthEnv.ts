import type { SessionVariables } from '../members/sessionMiddleware.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'

/** What the login provider's routes find on a request: its session, if any, and the body its signature covered. */
export type AuthEnv = { Variables: SessionVariables & SignedRequestVariables }
