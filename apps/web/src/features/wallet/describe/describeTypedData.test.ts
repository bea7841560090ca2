import { describe, expect, it } from 'vitest'
import { etherMailToMany } from '../../../../../../packages/core/src/__fixtures__/typedData.ts'
import { paddedPermit, permit2Single, spender, usdcPermit } from '../hostileRequests.ts'
import { typedDataParams } from '../params/typedDataParams.ts'
import { describeTypedData, maxTypedDataFields } from './describeTypedData.ts'

const address = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'
const describe712 = (raw: unknown) => describeTypedData(typedDataParams(raw), address)

/** The -32602 message a refusal gives, or undefined when it is accepted. */
const refusal = (raw: unknown) => {
  try {
    describe712(raw)
    return undefined
  } catch (error) {
    expect(error).toMatchObject({ code: -32602 })
    return (error as Error).message
  }
}

/** The mail to a list, with no contract, Cow's address in lower case, and a field its types do not name. */
const mail = {
  ...etherMailToMany,
  domain: { name: 'Ether Mail', version: '1', chainId: 84532 },
  message: {
    ...etherMailToMany.message,
    from: { name: 'Cow', wallet: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826' },
    notSigned: 'not in the types, so not signed and not shown',
  },
}

describe('describeTypedData', () => {
  it('shows the domain as signed and every field, nested as it is, addresses checksummed', () => {
    const request = describe712(mail)
    expect(request.domain).toEqual({
      name: 'Ether Mail',
      version: '1',
      chain: { id: '84532', name: 'Base Sepolia' },
      verifyingContract: undefined,
      salt: undefined,
    })
    expect(request.fields).toEqual([
      {
        name: 'from',
        value: {
          kind: 'struct',
          type: 'Person',
          fields: [
            { name: 'name', value: { kind: 'text', type: 'string', text: 'Cow' } },
            { name: 'wallet', value: { kind: 'address', address } },
          ],
        },
      },
      {
        name: 'to',
        value: {
          kind: 'list',
          type: 'Person[]',
          items: [
            {
              kind: 'struct',
              type: 'Person',
              fields: [
                { name: 'name', value: { kind: 'text', type: 'string', text: 'Bob' } },
                {
                  name: 'wallet',
                  value: { kind: 'address', address: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
                },
              ],
            },
          ],
        },
      },
      { name: 'contents', value: { kind: 'text', type: 'string', text: 'Hello, Bob!' } },
    ])
    expect(request).toMatchObject({ fieldCount: 5, hiddenFields: 0, refusal: undefined, warnings: [] })
  })

  it('refuses, saying how many fields are not shown, data with more fields than it can show', () => {
    const request = describe712(paddedPermit(500))
    expect(request.fieldCount).toBe(505)
    expect(request.hiddenFields).toBe(505 - maxTypedDataFields)
    expect(request.refusal).toBe(
      'This request has 505 fields, more than the 200 Charter can show, so Charter will not sign it.',
    )
    const names = request.fields.map((field) => field.name)
    expect(names).toHaveLength(maxTypedDataFields)
    expect(names).not.toContain('spender')
  })

  it('names an ERC-20 permit in plain words, with the spender in full and unlimited USDC', () => {
    const request = describe712(usdcPermit)
    expect(request.warnings).toEqual([
      {
        kind: 'token-allowance',
        via: 'ERC-20 permit',
        spender,
        grants: [
          {
            unlimited: true,
            amount: expect.any(String),
            token: { address: usdcPermit.domain.verifyingContract, token: { symbol: 'USDC', decimals: 6 } },
          },
        ],
      },
    ])
    expect(request.domain.verifyingContract?.token).toEqual({ symbol: 'USDC', decimals: 6 })
    const limited = describe712({ ...usdcPermit, message: { ...usdcPermit.message, value: '12500000' } })
    expect(limited.warnings[0]).toMatchObject({ grants: [{ unlimited: false, amount: '12.5' }] })
  })

  it('names Permit2 allowances and transfers, and any other request that names a spender', () => {
    expect(describe712(permit2Single).warnings).toEqual([
      {
        kind: 'token-allowance',
        via: 'Permit2',
        spender,
        grants: [
          {
            unlimited: true,
            amount: expect.any(String),
            token: { address: permit2Single.message.details.token, token: { symbol: 'USDC', decimals: 6 } },
          },
        ],
      },
    ])
    const transfer = {
      ...permit2Single,
      types: {
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
        PermitTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitTransferFrom',
      message: {
        permitted: { token: '0x1111111111111111111111111111111111111111', amount: '5' },
        spender,
        nonce: '1',
        deadline: '1900000000',
      },
    }
    expect(describe712(transfer).warnings).toMatchObject([
      {
        kind: 'token-transfer',
        spender,
        grants: [{ unlimited: false, amount: '5', token: { token: undefined } }],
      },
    ])
    const other = {
      domain: { chainId: 1 },
      types: { Order: [{ name: 'spender', type: 'address' }] },
      primaryType: 'Order',
      message: { spender },
    }
    expect(describe712(other).warnings).toEqual([{ kind: 'named-spender', spender }])
  })

  it('warns when no chain is named, and when names or values hide characters', () => {
    const request = describe712({
      domain: { name: 'Charter\u200b' },
      types: { Note: [{ name: 'text\u202e', type: 'string' }] },
      primaryType: 'Note',
      message: { 'text\u202e': 'hi\u2066' },
    })
    expect(request.domain.chain).toBeUndefined()
    expect(request.warnings).toEqual([{ kind: 'any-chain' }, { kind: 'hidden-characters', count: 3 }])
  })

  it('warns of right-to-left letters in a value, a field name or the domain, and not otherwise', () => {
    const note = (name: string, value: string) =>
      describe712({
        domain: { name, chainId: 1 },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType: 'Note',
        message: { text: value },
      }).warnings
    expect(note('Charter', 'Pay \u05d0 1 \u05d1 1000 USDC')).toEqual([{ kind: 'right-to-left' }])
    expect(note('\u05e9\u05dc\u05d5\u05dd', 'Pay 1000 USDC')).toEqual([{ kind: 'right-to-left' }])
    expect(note('Charter', 'Pay 1000 USDC')).toEqual([])
  })

  it('refuses values the signer would encode as something else than they read', () => {
    const note = (type: string, value: unknown) => ({
      types: { Note: [{ name: 'v', type }] },
      primaryType: 'Note',
      message: { v: value },
    })
    // A number as a string is signed as the bytes of its hex, not of its digits.
    expect(refusal(note('string', 123))).toMatch(/v must be a string/)
    expect(refusal({ ...note('string', 'x'), domain: { name: 123 } })).toMatch(/domain.name is not valid/)
    expect(refusal(note('uint8', '256'))).toMatch(/integer in range/)
    expect(refusal(note('uint256', ''))).toMatch(/integer in range/)
    expect(refusal(note('uint256', ' 1'))).toMatch(/integer in range/)
    expect(refusal(note('int8', '-129'))).toMatch(/integer in range/)
    expect(refusal(note('bool', 'true'))).toMatch(/true or false/)
    expect(refusal(note('address', '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbb'))).toMatch(/an address/)
    expect(refusal(note('bytes4', '0x1234'))).toMatch(/4 bytes/)
    expect(refusal(note('Nope', 'x'))).toMatch(/unknown type Nope/)
    expect(refusal(note('string[2]', ['a']))).toMatch(/2 items/)
    expect(refusal({ ...note('string', 'x'), domain: { chainId: 1, extra: 'x' } })).toMatch(
      /not an EIP-712 domain/,
    )
    expect(refusal({ ...note('string', 'x'), primaryType: 'EIP712Domain' })).toMatch(/primaryType/)
    expect(refusal(note('int8', '-128'))).toBeUndefined()
    expect(refusal(note('uint256', '0x10'))).toBeUndefined()
    expect(describe712(note('uint256', '0x10')).fields[0]?.value).toEqual({
      kind: 'text',
      type: 'uint256',
      text: '16',
    })
  })

  it('refuses data nested too deep to read', () => {
    let value: unknown = 'end'
    for (let level = 0; level < 20; level++) value = [value]
    expect(
      refusal({
        types: { Deep: [{ name: 'v', type: `string${'[]'.repeat(20)}` }] },
        primaryType: 'Deep',
        message: { v: value },
      }),
    ).toMatch(/nested more than/)
  })

  it('reads an object once: what is shown and what is sent are the same frozen JSON', () => {
    let reads = 0
    const message = {
      get contents() {
        reads += 1
        return reads === 1 ? 'harmless' : 'send everything'
      },
    }
    const params = typedDataParams({
      domain: { chainId: 1 },
      types: { Note: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Note',
      message,
    })
    const request = describeTypedData(params, address)
    expect(request.fields[0]?.value).toEqual({ kind: 'text', type: 'string', text: 'harmless' })
    expect(params.typed_data.message).toEqual({ contents: 'harmless' })
    expect(Object.isFrozen(params.typed_data.message)).toBe(true)
    expect(reads).toBe(1)
  })
})
