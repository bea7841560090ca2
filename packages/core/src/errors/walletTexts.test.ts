import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError.ts'
import { pendingWalletRequestHint } from './pendingWalletRequestHint.ts'
import { signatureRejectedMessage } from './signatureRejectedMessage.ts'
import { WalletProxyNotInitializedError } from './WalletProxyNotInitializedError.ts'

describe('the wallet texts of docs/errors.md', () => {
  it('hints at other windows while a request is pending, with a typographic apostrophe', () => {
    expect(pendingWalletRequestHint).toBe('Don\u2019t see your wallet? Check your other browser windows.')
    expect(pendingWalletRequestHint).not.toContain("'")
  })

  it('words a rejected signature as a title and what to do next', () => {
    expect(signatureRejectedMessage).toEqual({
      title: 'Signature rejected',
      description: 'Please try signing again.',
    })
  })

  it('reads "Wallet proxy not initialized" for a wallet used before its proxy is ready', () => {
    const error = new WalletProxyNotInitializedError()
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('WalletProxyNotInitializedError')
    expect(error.message).toBe('Wallet proxy not initialized')
    expect(error.code).toBe('wallet_proxy_not_initialized')
  })
})
