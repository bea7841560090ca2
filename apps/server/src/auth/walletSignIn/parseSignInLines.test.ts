import {
  createSignInMessageText,
  parseSignInMessageText,
  type SolanaSignInInputWithRequiredFields,
} from '@solana/wallet-standard-util'
import { describe, expect, it } from 'vitest'
import { parseSignInLines } from './parseSignInLines.ts'
import { WalletSignInError } from './walletSignInRefusals.ts'

const base = {
  domain: '127.0.0.1:3000',
  address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
}
const full = {
  ...base,
  statement: 'Sign in to Charter.',
  uri: 'http://127.0.0.1:3000',
  version: '1',
  chainId: 'solana:devnet',
  nonce: 'a1B2c3D4e5F6',
  issuedAt: '2026-11-25T12:00:00Z',
  expirationTime: '2026-11-25T12:10:00.250Z',
  notBefore: '2026-11-25T11:59:00+01:00',
  requestId: 'request-1',
  resources: [
    'http://127.0.0.1:3000/terms',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  ],
}

/** The server's reading of `text`, in the wallet standard's input shape (its absent lines left out). */
function serverReads(text: string) {
  const { scheme, uri, nonce, issuedAt, ...fields } = parseSignInLines(text, 'Solana', [])
  expect(scheme).toBeUndefined()
  return { ...fields, uri: uri || undefined, nonce: nonce || undefined, issuedAt: issuedAt || undefined }
}

describe('parseSignInLines on the wallet standard’s Sign In With Solana text', () => {
  const inputs: [string, SolanaSignInInputWithRequiredFields][] = [
    ['the header and address alone', base],
    ['a statement and no field', { ...base, statement: full.statement }],
    ['fields and no statement', { ...full, statement: undefined }],
    [
      'what the web sends',
      { ...full, chainId: undefined, notBefore: undefined, requestId: undefined, resources: undefined },
    ],
    ['every field', full],
    ['an empty resource list', { ...full, resources: [] }],
  ]
  it.each(inputs)('reads each field of %s as the standard’s own parser does', (_, input) => {
    const text = createSignInMessageText(input)
    expect(serverReads(text)).toEqual(input)
    expect(serverReads(text)).toEqual(parseSignInMessageText(text))
  })

  it('refuses the statements the standard writes over several lines or as a tagged line, which a wallet shows ambiguously', () => {
    for (const statement of ['Sign in.\nURI: https://evil.example', 'URI: https://evil.example']) {
      const text = createSignInMessageText({ ...full, statement })
      const refused = (() => {
        try {
          parseSignInLines(text, 'Solana', [])
        } catch (error) {
          return error instanceof WalletSignInError ? error.refusal : error
        }
      })()
      expect(refused).toBe('extra_lines')
    }
  })
})
