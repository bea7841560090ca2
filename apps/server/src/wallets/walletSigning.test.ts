import { createPublicKey, randomBytes, verify } from 'node:crypto'
import { base58 } from '@scure/base'
import {
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type TransactionSerialized,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eip712DomainType, etherMail } from '../../../../packages/core/src/__fixtures__/typedData.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, type WalletCaller } from '../testing/WalletCaller.ts'

let server: TestServer
let me: WalletCaller
let evm: MemberWallet
let solana: MemberWallet

beforeAll(async () => {
  server = await startTestServer()
  const member = await signedInMember(server.url)
  me = member.caller
  evm = member.wallet('ethereum')
  solana = member.wallet('solana')
})
afterAll(() => server.close())

const ed25519PublicKey = (address: string) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), base58.decode(address)]),
    format: 'der',
    type: 'spki',
  })

describe('EVM signatures', () => {
  it('personal_sign of text recovers to the wallet address', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', { message: 'Hello from Charter', encoding: 'utf-8' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      method: 'personal_sign',
      data: { encoding: 'hex', signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
    })
    const recovered = await recoverMessageAddress({
      message: 'Hello from Charter',
      signature: answer.body.data.signature,
    })
    expect(recovered).toBe(evm.address)
  })

  it('personal_sign of hex bytes recovers too', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', { message: '0xdeadbeef', encoding: 'hex' })
    const recovered = await recoverMessageAddress({
      message: { raw: '0xdeadbeef' },
      signature: answer.body.data.signature,
    })
    expect(recovered).toBe(evm.address)
  })

  it('eth_signTypedData_v4 recovers to the wallet address', async () => {
    const typed = {
      domain: etherMail.domain,
      types: { EIP712Domain: eip712DomainType, ...etherMail.types },
      message: etherMail.message,
      primary_type: 'Mail',
    }
    const answer = await me.rpc(evm.id, 'eth_signTypedData_v4', { typed_data: typed })
    expect(answer.status).toBe(200)
    const recovered = await recoverTypedDataAddress({ ...etherMail, signature: answer.body.data.signature })
    expect(recovered).toBe(evm.address)
  })

  it('eth_signTransaction signs what was asked, by the wallet', async () => {
    const transaction = {
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: '0x2386f26fc10000',
      data: '0x',
      chain_id: 84532,
      nonce: 7,
      gas_limit: 21000,
      max_fee_per_gas: '2000000000',
      max_priority_fee_per_gas: '0x3b9aca00',
    }
    const answer = await me.rpc(evm.id, 'eth_signTransaction', { transaction })
    expect(answer.status).toBe(200)
    expect(answer.body.data.encoding).toBe('rlp')
    const signed = answer.body.data.signed_transaction as TransactionSerialized
    expect(parseTransaction(signed)).toMatchObject({
      type: 'eip1559',
      chainId: 84532,
      to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      value: 10_000_000_000_000_000n,
      nonce: 7,
      gas: 21000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(evm.address)
  })
})

/** A legacy Solana transfer from `payer`: one signature slot, three accounts, one instruction. */
function solanaTransfer(payer: Uint8Array, lamports: bigint): Buffer {
  const data = Buffer.alloc(12)
  data.writeUInt32LE(2, 0)
  data.writeBigUInt64LE(lamports, 4)
  const message = Buffer.concat([
    Buffer.from([1, 0, 1]),
    Buffer.from([3]),
    payer,
    randomBytes(32),
    Buffer.alloc(32),
    randomBytes(32),
    Buffer.from([1, 2, 2, 0, 1, 12]),
    data,
  ])
  return Buffer.concat([Buffer.from([1]), Buffer.alloc(64), message])
}

describe('Solana signatures', () => {
  it('signMessage verifies against the public key', async () => {
    const message = Buffer.from('Hello from Charter')
    const answer = await me.rpc(solana.id, 'signMessage', {
      message: message.toString('base64'),
      encoding: 'base64',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.encoding).toBe('base64')
    const signature = Buffer.from(answer.body.data.signature, 'base64')
    expect(verify(null, message, ed25519PublicKey(solana.address), signature)).toBe(true)
  })

  it('signTransaction fills the wallet’s slot with a signature of the message', async () => {
    const transaction = solanaTransfer(base58.decode(solana.address), 1_000_000n)
    const answer = await me.rpc(solana.id, 'signTransaction', {
      transaction: transaction.toString('base64'),
      encoding: 'base64',
    })
    expect(answer.status).toBe(200)
    const signed = Buffer.from(answer.body.data.signed_transaction, 'base64')
    expect(signed.subarray(65).equals(transaction.subarray(65))).toBe(true)
    expect(verify(null, signed.subarray(65), ed25519PublicKey(solana.address), signed.subarray(1, 65))).toBe(
      true,
    )
  })

  it('refuses a transaction this wallet does not sign, and one that is not a transaction', async () => {
    const foreign = await me.rpc(solana.id, 'signTransaction', {
      transaction: solanaTransfer(randomBytes(32), 1n).toString('base64'),
      encoding: 'base64',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body).toEqual({
      error: 'params.transaction: it needs no signature from this wallet',
      code: -32602,
    })
    const garbage = await me.rpc(solana.id, 'signTransaction', { transaction: 'AAAA', encoding: 'base64' })
    expect(garbage.body.code).toBe(-32602)
  })
})
