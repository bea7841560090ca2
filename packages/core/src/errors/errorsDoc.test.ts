import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { markdownTable } from '../__fixtures__/markdownTable.ts'
import { phoneNumberErrorMessages } from '../phone/PhoneNumberError.ts'
import { jsonRpcErrors } from './jsonRpcErrors.ts'
import { loginErrorCodes } from './loginErrorCodes.ts'
import { loginErrorMessages } from './loginErrorMessages.ts'
import { loginErrorStatuses } from './loginErrorStatuses.ts'
import { MustBeAuthenticatedError } from './MustBeAuthenticatedError.ts'
import { pendingWalletRequestHint } from './pendingWalletRequestHint.ts'
import type { RpcErrorDefinition } from './RpcErrorDefinition.ts'
import { signatureRejectedMessage } from './signatureRejectedMessage.ts'
import { type StorageErrorParameters, storageErrorMessage } from './storageErrorMessage.ts'
import { WalletProxyNotInitializedError } from './WalletProxyNotInitializedError.ts'
import { walletErrors } from './walletErrors.ts'

// docs/login-api.md and docs/errors.md are the project's written record of these texts: they must say what the
// code says, word for word.
const readDoc = (name: string) => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), 'utf8')
const loginApi = readDoc('login-api.md')
const errors = readDoc('errors.md')

const asRows = (table: Record<number, RpcErrorDefinition>) =>
  Object.values(table).map((definition) => ({
    code: String(definition.code),
    name: definition.name,
    message: definition.message,
    retryable: definition.retryable ? 'yes' : 'no',
  }))

describe('docs/login-api.md', () => {
  it('lists every login error code, in order, with its status and text', () => {
    expect(markdownTable(loginApi, 'Login error codes')).toEqual(
      loginErrorCodes.map((code) => ({
        code,
        HTTP: String(loginErrorStatuses[code]),
        text: loginErrorMessages[code],
      })),
    )
  })
})

describe('docs/errors.md', () => {
  it('lists the wallet errors of walletErrors', () => {
    expect(markdownTable(errors, 'Wallet errors (EIP-1193)')).toEqual(asRows(walletErrors))
  })

  it('lists the JSON-RPC errors of jsonRpcErrors, in their order', () => {
    expect(markdownTable(errors, 'JSON-RPC errors')).toEqual(asRows(jsonRpcErrors))
  })

  it('gives the texts of the wallet screens', () => {
    expect(markdownTable(errors, 'Texts of the wallet screens').map((row) => row.text)).toEqual([
      signatureRejectedMessage.title,
      signatureRejectedMessage.description,
      pendingWalletRequestHint,
      new MustBeAuthenticatedError().message,
      new WalletProxyNotInitializedError().message,
    ])
  })

  it('gives the phone number texts of phoneNumberErrorMessages', () => {
    expect(markdownTable(errors, 'Phone numbers')).toEqual(
      Object.entries(phoneNumberErrorMessages).map(([reason, text]) => ({ reason, text })),
    )
  })

  it('gives the storage texts of storageErrorMessage, placeholders filled in', () => {
    const examples: Record<string, StorageErrorParameters> = {
      pin_status: { kind: 'pin_status', status: 503 },
      pin_unexpected: { kind: 'pin_unexpected', message: 'socket hang up' },
      fetch_status: { kind: 'fetch_status', status: 404 },
      fetch_no_response: { kind: 'fetch_no_response' },
      fetch_unexpected: { kind: 'fetch_unexpected', message: 'socket hang up' },
      invalid_provider: { kind: 'invalid_provider' },
      missing_pinata_config: { kind: 'missing_pinata_config' },
      invalid_config: { kind: 'invalid_config', message: 'gateway must not end in /ipfs' },
      not_json: { kind: 'not_json', type: 'text/html' },
    }
    const rows = markdownTable(errors, 'Metadata storage')
    expect(rows.map((row) => row.kind)).toEqual(Object.keys(examples))
    for (const row of rows) {
      const parameters = examples[row.kind ?? ''] as StorageErrorParameters
      const filled = (row.text ?? '')
        .replace('{status}', 'status' in parameters ? String(parameters.status) : '{status}')
        .replace('{message}', 'message' in parameters ? parameters.message : '{message}')
        .replace('{type}', 'type' in parameters ? parameters.type : '{type}')
      expect(filled).toBe(storageErrorMessage(parameters))
    }
  })
})
