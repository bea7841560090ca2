import { randomBytes, verify } from 'node:crypto'
import { base58 } from '@scure/base'
import { recoverTransactionAddress, type TransactionSerializedEIP1559 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sponsorKeys } from '../db/schema.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { KeyVault } from '../wallets/KeyVault.ts'
import { ed25519PublicKeyBytes, solanaSecretKeyBase58 } from '../wallets/walletKeys.ts'
import { ensureSponsorKeys, withSponsorKey } from './sponsorKeys.ts'

// The sponsor's keys are kept as members' are: sealed, opened only to sign, one per kind however many servers
// start at once on one database, the same after a restart.

const masterKey = randomBytes(32).toString('hex')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { WALLET_MASTER_KEY: masterKey, SPONSOR_FEES: 'members' } })
})
afterAll(() => server.close())

describe('the sponsor’s keys', () => {
  it('signs an EVM transaction and a Solana message with the addresses it shows', async () => {
    const { sponsor } = server.parts
    const evm = sponsor.address('ethereum') as string
    const solana = sponsor.address('solana') as string
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const signed = await sponsor.signEvmTransaction({
      chainId: 84532,
      type: 'eip1559',
      to: '0x0000000000000000000000000000000000000001',
      value: 0n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    })
    expect(
      await recoverTransactionAddress({ serializedTransaction: signed as TransactionSerializedEIP1559 }),
    ).toBe(evm)
    const message = new TextEncoder().encode('a message the sponsor pays for')
    const signature = await sponsor.signSolanaMessage(message)
    expect(signature).toHaveLength(64)
    const publicKey = base58.decode(solana)
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey])
    expect(verify(null, message, { key: spki, format: 'der', type: 'spki' }, signature)).toBe(true)
  })

  it('leaves no private key in the database or the server log', async () => {
    const database = await sharedTestDatabase()
    const vault = new KeyVault(Buffer.from(masterKey, 'hex'))
    const rows = (await database.db.select().from(sponsorKeys)).filter((row) =>
      vault.hasMasterKey(row.masterKeyId),
    )
    expect(rows.map((row) => row.chainType).toSorted()).toEqual(['ethereum', 'solana'])
    const dump = JSON.stringify(await database.db.select().from(sponsorKeys))
    const log = server.logs.join('\n')
    for (const row of rows) {
      await withSponsorKey(vault, row, (key) => {
        const spellings = [key.toString('hex'), key.toString('base64'), base58.encode(key)]
        if (row.chainType === 'solana') {
          spellings.push(solanaSecretKeyBase58(key))
          expect(base58.encode(ed25519PublicKeyBytes(key))).toBe(row.address)
        }
        for (const spelling of spellings) {
          expect(dump.toLowerCase()).not.toContain(spelling.toLowerCase())
          expect(log.toLowerCase()).not.toContain(spelling.toLowerCase())
        }
      })
    }
  })

  it('keeps the same addresses when the server starts again', async () => {
    const again = await startTestServer({ env: { WALLET_MASTER_KEY: masterKey, SPONSOR_FEES: 'members' } })
    try {
      expect(again.parts.sponsor.address('ethereum')).toBe(server.parts.sponsor.address('ethereum'))
      expect(again.parts.sponsor.address('solana')).toBe(server.parts.sponsor.address('solana'))
    } finally {
      await again.close()
    }
  })

  it('makes one key per kind when two start at once on one database', async () => {
    const database = await sharedTestDatabase()
    const vault = new KeyVault(randomBytes(32))
    const [first, second] = await Promise.all([
      ensureSponsorKeys(database.db, vault, { oneKeyPerKind: false }),
      ensureSponsorKeys(database.db, vault, { oneKeyPerKind: false }),
    ])
    expect(second.ethereum.address).toBe(first.ethereum.address)
    expect(second.solana.address).toBe(first.solana.address)
    const made = (await database.db.select().from(sponsorKeys)).filter(
      (row) => row.createdUnder === vault.currentMasterKeyId,
    )
    expect(made).toHaveLength(2)
  })

  it('in production, uses the one key of each kind there is rather than make another', async () => {
    const database = await sharedTestDatabase()
    const before = await database.db.select().from(sponsorKeys)
    const other = new KeyVault(randomBytes(32))
    const keys = await ensureSponsorKeys(database.db, other, { oneKeyPerKind: true })
    expect(await database.db.select().from(sponsorKeys)).toHaveLength(before.length)
    expect(other.hasMasterKey(keys.ethereum.masterKeyId)).toBe(false)
  })

  it('with sponsorship off, has no address and signs nothing', async () => {
    const off = await startTestServer({ env: { SPONSOR_FEES: 'off' } })
    try {
      expect(off.parts.sponsor.address('ethereum')).toBeUndefined()
      await expect(off.parts.sponsor.signSolanaMessage(new Uint8Array(1))).rejects.toThrow()
    } finally {
      await off.close()
    }
  })
})
