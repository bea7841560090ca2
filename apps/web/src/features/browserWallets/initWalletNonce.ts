import { answerOf, api } from '../../lib/api.ts'
import type { IssuedNonce } from './WalletProof.ts'

/** A single-use nonce for `address` to sign (`siwe/init` or `siws/init`), for signing in or linking alike. */
export async function initWalletNonce(family: 'ethereum' | 'solana', address: string): Promise<IssuedNonce> {
  const answer =
    family === 'ethereum'
      ? await answerOf(api.v1.siwe.init.$post({ json: { address } }))
      : await answerOf(api.v1.siws.init.$post({ json: { address } }))
  return { nonce: answer.nonce, expires_at: answer.expires_at }
}
