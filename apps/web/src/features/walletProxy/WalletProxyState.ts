/**
 * Where the proxy stands: `idle` before anyone started it, `pending` while it registers this browser's key with
 * the session, `ready` to sign, `error` (the key does not match the session, or the server could not be
 * reached), `signed-out` once the session is over.
 */
export type WalletProxyState =
  | { status: 'idle' }
  | { status: 'pending'; userId: string }
  | { status: 'ready'; userId: string }
  | { status: 'error'; userId: string; error: Error }
  | { status: 'signed-out' }
