import type { TokenAmount } from '../../../ui/index.ts'
import type { TypedDataRequest } from './SignatureRequest.ts'
import type { SignatureWarning } from './SignatureWarning.ts'
import type { TypedField, TypedValue } from './TypedValue.ts'
import { toTokenAmount } from './toTokenAmount.ts'

const fieldOf = (fields: TypedField[], name: string) => fields.find((field) => field.name === name)?.value

const addressOf = (value: TypedValue | undefined) => (value?.kind === 'address' ? value.address : undefined)

const integerOf = (value: TypedValue | undefined) =>
  value?.kind === 'text' && /^u?int\d*$/.test(value.type) ? BigInt(value.text) : undefined

/** Permit2's `{token, amount}` (TokenPermissions, PermitDetails), alone or in a list, as amounts. */
function grantsOf(value: TypedValue | undefined, chainId: number | undefined): TokenAmount[] | undefined {
  const items = value?.kind === 'list' ? value.items : value ? [value] : []
  const grants = items.flatMap((item) => {
    if (item.kind !== 'struct') return []
    const token = addressOf(fieldOf(item.fields, 'token'))
    const amount = integerOf(fieldOf(item.fields, 'amount'))
    return token !== undefined && amount !== undefined ? [toTokenAmount(amount, token, chainId)] : []
  })
  return grants.length > 0 ? grants : undefined
}

/**
 * The shapes of typed data that hand over tokens, named in plain words with the spender in full, read from the
 * signed fields only (what the message holds beyond its types is not signed): an ERC-20 permit (EIP-2612
 * `value`, or DAI's `allowed`), Permit2's allowances (`details`) and one-time transfers (`permitted`), and any
 * other request that names a `spender`.
 */
export function typedDataWarnings(
  fields: TypedField[],
  domain: TypedDataRequest['domain'],
  chainId: number | undefined,
): SignatureWarning[] {
  const spender = addressOf(fieldOf(fields, 'spender'))
  if (spender === undefined) return []
  const token = domain.verifyingContract?.address
  const value = integerOf(fieldOf(fields, 'value'))
  if (value !== undefined && token !== undefined) {
    return [
      {
        kind: 'token-allowance',
        via: 'ERC-20 permit',
        spender,
        grants: [toTokenAmount(value, token, chainId)],
      },
    ]
  }
  const allowed = fieldOf(fields, 'allowed')
  if (allowed?.kind === 'text' && allowed.type === 'bool' && token !== undefined) {
    // DAI's permit: `allowed: true` is an allowance of everything, `false` takes the allowance away.
    if (allowed.text === 'true') {
      const all = toTokenAmount(2n ** 256n - 1n, token, chainId)
      return [{ kind: 'token-allowance', via: 'ERC-20 permit', spender, grants: [all] }]
    }
    return []
  }
  const allowances = grantsOf(fieldOf(fields, 'details'), chainId)
  if (allowances) return [{ kind: 'token-allowance', via: 'Permit2', spender, grants: allowances }]
  const transfers = grantsOf(fieldOf(fields, 'permitted'), chainId)
  if (transfers) return [{ kind: 'token-transfer', via: 'Permit2', spender, grants: transfers }]
  return [{ kind: 'named-spender', spender }]
}
