import { Hono } from 'hono'
import type { AuthEnv } from './AuthEnv.ts'
import { type CodeSignInRoutesOptions, codeSignInRoutes } from './codeSignInRoutes.ts'
import { type PasskeySignInRoutesOptions, passkeySignInRoutes } from './passkeySignInRoutes.ts'
import { type SessionRoutesOptions, sessionRoutes } from './sessionRoutes.ts'
import { type WalletSignInRoutesOptions, walletSignInRoutes } from './walletSignInRoutes.ts'

export type AuthRoutesOptions = CodeSignInRoutesOptions &
  WalletSignInRoutesOptions &
  SessionRoutesOptions &
  PasskeySignInRoutesOptions

/**
 * The login provider's routes in Privy's shapes (see docs/sign-in.md), a thin layer over the AuthService: each
 * sign-in family in a file of its own, and what follows any sign-in (sessions and the account) in another. A new
 * family is one more `.route` here.
 */
export function authRoutes(options: AuthRoutesOptions) {
  return new Hono<AuthEnv>()
    .route('/', codeSignInRoutes(options))
    .route('/', walletSignInRoutes(options))
    .route('/', passkeySignInRoutes(options))
    .route('/', sessionRoutes(options))
}
