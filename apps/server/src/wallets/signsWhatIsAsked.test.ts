import {
  getAddress,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type TransactionSerialized,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, type WalletCaller } from '../testing/WalletCaller.ts'

// Each request is the body Privy's clients send (@privy-io/server-auth, @privy-io/js-sdk-core), and each
// signature is recovered with viem against exactly what was asked.

let server: TestServer
let me: WalletCaller
let evm: MemberWallet

beforeAll(async () => {
  server = await startTestServer()
  const member = await signedInMember(server.url)
  me = member.caller
  evm = member.wallet('ethereum')
})
afterAll(() => server.close())

const sign = async (message: string, encoding: 'hex' | 'utf-8') => {
  const answer = await me.rpc(evm.id, 'personal_sign', { message, encoding })
  expect(answer.status, answer.text).toBe(200)
  return answer.body.data.signature as `0x${string}`
}

describe('personal_sign signs the bytes it is asked to', () => {
  it('takes hex without 0x, as Privy’s clients send bytes, and signs those bytes', async () => {
    const signature = await sign('deadbeef', 'hex')
    expect(await recoverMessageAddress({ message: { raw: '0xdeadbeef' }, signature })).toBe(evm.address)
  })

  it('takes hex with 0x, and either case, as the same bytes', async () => {
    for (const message of ['0xdeadbeef', 'DEADBEEF', '0xDeAdBeEf']) {
      const signature = await sign(message, 'hex')
      expect(await recoverMessageAddress({ message: { raw: '0xdeadbeef' }, signature })).toBe(evm.address)
    }
  })

  it('refuses with encoding hex anything that is not hex of whole bytes', async () => {
    for (const message of [
      'zz',
      'abc',
      '0xabc',
      '0xzz',
      '0x0xde',
      ' deadbeef',
      'de ad',
      'hello',
      '0Xdeadbeef',
    ]) {
      const answer = await me.rpc(evm.id, 'personal_sign', { message, encoding: 'hex' })
      expect(answer.status, message).toBe(400)
      expect(answer.body).toEqual({
        error:
          'params.message: with encoding hex, send the bytes as hex digits, two per byte, with or without 0x (like deadbeef); to sign text, send encoding utf-8',
        code: -32602,
      })
    }
  })

  it('signs no bytes for an empty hex message, as for empty text', async () => {
    for (const message of ['', '0x']) {
      const signature = await sign(message, 'hex')
      expect(await recoverMessageAddress({ message: { raw: '0x' }, signature })).toBe(evm.address)
      expect(await recoverMessageAddress({ message: '', signature })).toBe(evm.address)
    }
  })

  it('signs utf-8 text as the text, hex-looking or not', async () => {
    for (const message of ['deadbeef', '0xdeadbeef', 'zz', '']) {
      const signature = await sign(message, 'utf-8')
      expect(await recoverMessageAddress({ message, signature })).toBe(evm.address)
    }
  })
})

/** Typed data with one field of the given name in its primary type, and the message Privy's client sends. */
const typedDataWith = (field: string, message: Record<string, unknown>) => ({
  domain: { name: 'Inherited', version: '1', chainId: 1 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Order: [
      { name: 'amount', type: 'uint256' },
      { name: field, type: 'string' },
    ],
  },
  message,
  primary_type: 'Order',
})

describe('eth_signTypedData_v4 reads only what was sent', () => {
  it('signs plain names, and recovers to the wallet', async () => {
    const typed = typedDataWith('note', { amount: '1000', note: 'for rent' })
    const answer = await me.rpc(evm.id, 'eth_signTypedData_v4', { typed_data: typed })
    expect(answer.status, answer.text).toBe(200)
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await recoverTypedDataAddress({
        domain: typed.domain,
        types,
        primaryType: 'Order',
        message: { amount: 1000n, note: 'for rent' },
        signature: answer.body.data.signature,
      }),
    ).toBe(evm.address)
  })

  it('refuses a field named like an inherited property, which was signed from what every object inherits', async () => {
    // Without the message carrying it, the signer read Object.prototype's function and signed its source text.
    for (const name of [
      'constructor',
      'hasOwnProperty',
      'toString',
      'valueOf',
      '__proto__',
      '__defineGetter__',
    ]) {
      const answer = await me.rpc(evm.id, 'eth_signTypedData_v4', {
        typed_data: typedDataWith(name, { amount: '1000' }),
      })
      expect(answer.status, name).toBe(400)
      expect(answer.body).toEqual({
        error: `params.typed_data.types.Order.1.name: ${JSON.stringify(name)} cannot be a field name here: every JavaScript object already has a property of that name, so a value could be read that was never sent. Rename the field.`,
        code: -32602,
      })
    }
    // Sent with a value of its own, it is refused all the same: a name that can resolve through the prototype
    // is no name for a signed field.
    const own = await me.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: typedDataWith('constructor', { amount: '1000', constructor: 'mine' }),
    })
    expect(own.status).toBe(400)
    expect(own.body.code).toBe(-32602)
  })

  it('refuses a type, field type or primary type named like an inherited property', async () => {
    const asType = {
      domain: { name: 'Inherited' },
      types: {
        toString: [{ name: 'amount', type: 'uint256' }],
        Order: [{ name: 'amount', type: 'uint256' }],
      },
      message: { amount: '1' },
      primary_type: 'Order',
    }
    const typeName = await me.rpc(evm.id, 'eth_signTypedData_v4', { typed_data: asType })
    expect(typeName.body).toEqual({
      error:
        'params.typed_data.types.toString: "toString" cannot be a type name here: every JavaScript object already has a property of that name, so a value could be read that was never sent. Rename the type.',
      code: -32602,
    })
    // `__proto__` as a key of `types`, in the JSON text itself, where an object built from it would drop it.
    const protoType = await me.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: JSON.parse(
        '{"domain":{},"types":{"__proto__":[{"name":"a","type":"string"}],"Order":[{"name":"amount","type":"uint256"}]},"message":{"amount":"1"},"primary_type":"Order"}',
      ),
    })
    expect(protoType.status).toBe(400)
    expect(protoType.body.error).toMatch(
      /^params\.typed_data\.types\.__proto__: "__proto__" cannot be a type name/,
    )
    const fieldType = await me.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: {
        ...asType,
        types: { Order: [{ name: 'amount', type: 'constructor[]' }] },
        message: { amount: [] },
      },
    })
    expect(fieldType.body.error).toMatch(
      /^params\.typed_data\.types\.Order\.0\.type: "constructor" cannot be a type name/,
    )
    const primary = await me.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: { ...asType, types: { Order: asType.types.Order }, primary_type: 'hasOwnProperty' },
    })
    expect(primary.body.error).toMatch(
      /^params\.typed_data\.primary_type: "hasOwnProperty" cannot be a type name/,
    )
  })

  it('refuses a field the message does not carry itself, naming it', async () => {
    const answer = await me.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: typedDataWith('note', { amount: '1000' }),
    })
    expect(answer.body).toEqual({
      error:
        'params.typed_data.message.note: missing: Order has a field note (string), and this has no value for it',
      code: -32602,
    })
    const nested = await me.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: {
        domain: {},
        types: { Batch: [{ name: 'orders', type: 'Item[]' }], Item: [{ name: 'amount', type: 'uint256' }] },
        message: { orders: [{ amount: 1 }, {}] },
        primary_type: 'Batch',
      },
    })
    expect(nested.body).toEqual({
      error:
        'params.typed_data.message.orders.1.amount: missing: Item has a field amount (uint256), and this has no value for it',
      code: -32602,
    })
  })
})

const transfer = {
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '0x2386f26fc10000',
  chain_id: 84532,
  nonce: 3,
  gas_limit: 21000,
}

/** Signs through the API and answers the transaction viem parses from the signed bytes, after recovering. */
async function signedTransaction(transaction: Record<string, unknown>) {
  const answer = await me.rpc(evm.id, 'eth_signTransaction', { transaction })
  expect(answer.status, answer.text).toBe(200)
  const serialized = answer.body.data.signed_transaction as TransactionSerialized
  expect(await recoverTransactionAddress({ serializedTransaction: serialized })).toBe(evm.address)
  return parseTransaction(serialized)
}

describe('eth_signTransaction signs the transaction it is asked to', () => {
  it('takes from when it is the wallet’s address, in any case, as Privy’s clients send it', async () => {
    for (const from of [evm.address, evm.address.toLowerCase(), `0x${evm.address.slice(2).toUpperCase()}`]) {
      expect(await signedTransaction({ ...transfer, from, max_fee_per_gas: '2000000000' })).toMatchObject({
        type: 'eip1559',
        to: transfer.to.toLowerCase(),
      })
    }
  })

  it('refuses from when it is another address, naming both', async () => {
    const other = getAddress('0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')
    const answer = await me.rpc(evm.id, 'eth_signTransaction', { transaction: { ...transfer, from: other } })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: `params.transaction.from: ${other} is not this wallet's address, ${evm.address}. Leave from out, or send the address of the wallet that signs.`,
      code: -32602,
    })
    const notAnAddress = await me.rpc(evm.id, 'eth_signTransaction', {
      transaction: { ...transfer, from: 'me' },
    })
    expect(notAnAddress.body).toEqual({ error: 'params.transaction.from: must be an address', code: -32602 })
  })

  it('signs type 2 when max_fee_per_gas is sent, and legacy when only gas_price is', async () => {
    expect(
      await signedTransaction({
        ...transfer,
        max_fee_per_gas: 2_000_000_000,
        max_priority_fee_per_gas: '0x3b9aca00',
      }),
    ).toMatchObject({ type: 'eip1559', maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
    expect(await signedTransaction({ ...transfer, max_fee_per_gas: 5, type: 2 })).toMatchObject({
      type: 'eip1559',
      maxFeePerGas: 5n,
    })
    expect(await signedTransaction({ ...transfer, gas_price: '1000' })).toMatchObject({
      type: 'legacy',
      gasPrice: 1000n,
    })
    expect(await signedTransaction({ ...transfer, gas_price: '1000', type: 0 })).toMatchObject({
      type: 'legacy',
    })
  })

  it('signs type 2 with its max fees when type 2 comes with a gas price too (as Privy’s React SDK sends it)', async () => {
    const signed = await signedTransaction({
      ...transfer,
      type: 2,
      max_fee_per_gas: '0x77359400',
      max_priority_fee_per_gas: '0x3b9aca00',
      gas_limit: '0x5208',
      gas_price: '0x5208',
    })
    expect(signed).toMatchObject({
      type: 'eip1559',
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      gas: 21_000n,
    })
    expect(signed).not.toHaveProperty('gasPrice')
  })

  it('refuses a gas price beside a max fee, and a type the fees contradict', async () => {
    const refusals = [
      [
        { max_fee_per_gas: '2000000000', gas_price: '1000' },
        'send either gas_price (a legacy transaction) or max_fee_per_gas and max_priority_fee_per_gas (an EIP-1559 transaction, type 2), not both',
      ],
      [
        { max_priority_fee_per_gas: '1', gas_price: '1000', type: 2 },
        'send either gas_price (a legacy transaction) or max_fee_per_gas and max_priority_fee_per_gas (an EIP-1559 transaction, type 2), not both',
      ],
      [
        { gas_price: '1000', type: '0x2' },
        'type 2 is an EIP-1559 transaction, which takes max_fee_per_gas and max_priority_fee_per_gas; gas_price is for type 0',
      ],
      [
        { max_fee_per_gas: '5', type: 0 },
        'type 0 is a legacy transaction, which takes gas_price; max_fee_per_gas and max_priority_fee_per_gas are for type 2',
      ],
    ] as const
    for (const [fees, error] of refusals) {
      const answer = await me.rpc(evm.id, 'eth_signTransaction', { transaction: { ...transfer, ...fees } })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ error: `params.transaction: ${error}`, code: -32602 })
    }
  })
})
