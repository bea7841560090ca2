import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getSolanaUsdcMint } from '@charter/core'
import {
  type Address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getInitializeAccount3Instruction,
  getTokenSize,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../log/logger.ts'
import { FundingRefusedError } from '../FundingRefusedError.ts'
import type { LocalChain } from '../LocalChain.ts'
import { startSolanaDevnet } from './startSolanaDevnet.ts'

const usdcMint = getSolanaUsdcMint('devnet') as Address
const logger = createLogger('silent')
const oneSol = 1_000_000_000n

let stateDir: string
let chain: LocalChain
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'charter-solana-'))
  chain = await startSolanaDevnet({ stateDir, logger })
  // It stands in for devnet, so kit types it as devnet: the test clusters' requestAirdrop included.
  rpc = createSolanaRpc(devnet(chain.rpcUrl))
})
afterAll(async () => {
  await chain.close()
  rmSync(stateDir, { recursive: true, force: true })
})

/** One JSON-RPC body posted as is, and the parsed answer: what any client sees on the wire. */
// biome-ignore lint/suspicious/noExplicitAny: the wire's JSON, checked field by field below.
async function post(body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

/** Signs `instructions` with `payer` against a blockhash fetched over RPC; returns the wire transaction. */
async function signed(payer: KeyPairSigner, instructions: Instruction[]) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
}

async function send(payer: KeyPairSigner, instructions: Instruction[]): Promise<Signature> {
  const transaction = await signed(payer, instructions)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
}

async function usdcOf(owner: Address) {
  const { value } = await rpc
    .getTokenAccountsByOwner(owner, { mint: usdcMint }, { encoding: 'jsonParsed' })
    .send()
  return value
}

async function fundedOwner(sol: bigint, usdc: bigint): Promise<KeyPairSigner> {
  const owner = await generateKeyPairSigner()
  await chain.fund(owner.address, 'native', sol)
  if (usdc > 0n) await chain.fund(owner.address, 'USDC', usdc)
  return owner
}

describe('the local Solana cluster, read through @solana/kit over HTTP', () => {
  it('serves the devnet USDC mint at its real address: an SPL Token mint of 6 decimals', async () => {
    const { value } = await rpc.getAccountInfo(usdcMint, { encoding: 'jsonParsed' }).send()
    expect(value?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    const data = value?.data as { program: string; parsed: { type: string; info: { decimals: number } } }
    expect(data.program).toBe('spl-token')
    expect(data.parsed.type).toBe('mint')
    expect(data.parsed.info.decimals).toBe(6)
  })

  it('reports a funded owner’s SOL and USDC exactly', async () => {
    const owner = await fundedOwner(2n * oneSol + 7n, 10_123_456n)
    const { value: balance } = await rpc.getBalance(owner.address).send()
    expect(balance).toBe(2n * oneSol + 7n)
    const accounts = await usdcOf(owner.address)
    expect(accounts).toHaveLength(1)
    const [ata] = await findAssociatedTokenPda({
      owner: owner.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    expect(accounts[0]?.pubkey).toBe(ata)
    expect(accounts[0]?.account.data.parsed.info.tokenAmount).toEqual({
      amount: '10123456',
      decimals: 6,
      uiAmount: 10.123456,
      uiAmountString: '10.123456',
    })
    expect(accounts[0]?.account.data.parsed.info.owner).toBe(owner.address)
  })

  it('answers getAccountInfo in base64 (and for a non-token account in jsonParsed, falls back to base64)', async () => {
    const owner = await fundedOwner(oneSol, 0n)
    const { value: mint } = await rpc.getAccountInfo(usdcMint, { encoding: 'base64' }).send()
    expect(mint?.data[1]).toBe('base64')
    expect(Buffer.from(mint?.data[0] ?? '', 'base64')).toHaveLength(82)
    const { value: wallet } = await rpc.getAccountInfo(owner.address, { encoding: 'jsonParsed' }).send()
    expect(wallet?.data).toEqual(['', 'base64'])
    expect(wallet?.lamports).toBe(oneSol)
    const nobody = await generateKeyPairSigner()
    const { value: missing } = await rpc.getAccountInfo(nobody.address, { encoding: 'base64' }).send()
    expect(missing).toBeNull()
  })

  it('lists two token accounts of one mint for one owner, the associated one and another, and transfers SPL tokens', async () => {
    const owner = await fundedOwner(oneSol, 5_000_000n)
    const second = await generateKeyPairSigner()
    const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send()
    const [ata] = await findAssociatedTokenPda({
      owner: owner.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const signature = await send(owner, [
      getCreateAccountInstruction({
        payer: owner,
        newAccount: second,
        lamports: rent,
        space: getTokenSize(),
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeAccount3Instruction({ account: second.address, mint: usdcMint, owner: owner.address }),
      getTransferInstruction({
        source: ata,
        destination: second.address,
        authority: owner,
        amount: 1_250_000n,
      }),
    ])
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]?.err).toBeNull()
    expect(statuses[0]?.confirmationStatus).toBe('finalized')

    const accounts = await usdcOf(owner.address)
    const amounts = Object.fromEntries(
      accounts.map((a) => [a.pubkey, a.account.data.parsed.info.tokenAmount.amount]),
    )
    expect(amounts).toEqual({ [ata]: '3750000', [second.address]: '1250000' })
    const byProgram = await rpc
      .getTokenAccountsByOwner(
        owner.address,
        { programId: TOKEN_PROGRAM_ADDRESS },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(byProgram.value.map((a) => a.pubkey).sort()).toEqual([ata, second.address].sort())
  })

  it('answers a batch of the three balance calls in order', async () => {
    const owner = await fundedOwner(3n * oneSol, 42_000_000n)
    const { status, json } = await post([
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [owner.address] },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'getTokenAccountsByOwner',
        params: [owner.address, { mint: usdcMint }, { encoding: 'jsonParsed' }],
      },
      { jsonrpc: '2.0', id: 3, method: 'getAccountInfo', params: [usdcMint, { encoding: 'jsonParsed' }] },
    ])
    expect(status).toBe(200)
    expect(json.map((answer: { id: number }) => answer.id)).toEqual([1, 2, 3])
    expect(json[0].result.value).toBe(3 * Number(oneSol))
    expect(typeof json[0].result.context.slot).toBe('number')
    expect(json[0].result.context.apiVersion).toEqual(expect.any(String))
    expect(json[1].result.value[0].account.data.parsed.info.tokenAmount.uiAmountString).toBe('42')
    expect(json[2].result.value.data.parsed.info.decimals).toBe(6)
  })

  it('sends the same SOL transfer twice (fresh blockhashes), in base64 and base58, and reports both', async () => {
    const owner = await fundedOwner(oneSol, 0n)
    const recipient = await generateKeyPairSigner()
    const transfer = () => [
      getTransferSolInstruction({ source: owner, destination: recipient.address, amount: oneSol / 10n }),
    ]
    const first = await send(owner, transfer())
    const again = await signed(owner, transfer())
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(again))
    const { json } = await post({ jsonrpc: '2.0', id: 9, method: 'sendTransaction', params: [base58] })
    const second = json.result as Signature
    expect(second).not.toBe(first)
    const { value: statuses } = await rpc.getSignatureStatuses([first, second]).send()
    expect(statuses.map((status) => status?.err)).toEqual([null, null])
    const { value: received } = await rpc.getBalance(recipient.address).send()
    expect(received).toBe(oneSol / 5n)
    // Two transfers of 0.1 SOL plus one 5000-lamport fee each.
    const { value: left } = await rpc.getBalance(owner.address).send()
    expect(left).toBe(oneSol - oneSol / 5n - 10_000n)
  })

  it('takes a transaction sent again unchanged (a rebroadcast) as the real cluster does: once, its status kept', async () => {
    const owner = await fundedOwner(oneSol, 0n)
    const recipient = await generateKeyPairSigner()
    const wire = getBase64EncodedWireTransaction(
      await signed(owner, [
        getTransferSolInstruction({ source: owner, destination: recipient.address, amount: oneSol / 10n }),
      ]),
    )
    const first = await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    // Past the preflight, the duplicate is dropped and its signature answered; with it, the preflight says so.
    const again = await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send()
    expect(again).toBe(first)
    const preflighted = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [wire, { encoding: 'base64' }],
    })
    expect(preflighted.json.error).toMatchObject({ code: -32002, data: { err: 'AlreadyProcessed' } })
    const { value: statuses } = await rpc.getSignatureStatuses([first]).send()
    expect(statuses[0]?.err).toBeNull()
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(oneSol / 10n)
    expect((await rpc.getBalance(owner.address).send()).value).toBe(oneSol - oneSol / 10n - 5_000n)
  })

  it('refuses an overdraft with the real RPC’s preflight error, commits nothing, and a kit caller sees it fail', async () => {
    const owner = await fundedOwner(oneSol, 1_000_000n)
    const [ata] = await findAssociatedTokenPda({
      owner: owner.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const stranger = await fundedOwner(oneSol, 1n)
    const [strangerAta] = await findAssociatedTokenPda({
      owner: stranger.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const overdraft = await signed(owner, [
      getTransferInstruction({ source: ata, destination: strangerAta, authority: owner, amount: 1_000_001n }),
    ])
    const { json } = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(overdraft), { encoding: 'base64' }],
    })
    expect(json.error.code).toBe(-32002)
    expect(json.error.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(json.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(json.error.data.logs.join('\n')).toMatch(/insufficient funds/i)

    const solOverdraft = signed(owner, [
      getTransferSolInstruction({ source: owner, destination: stranger.address, amount: 2n * oneSol }),
    ])
    await expect(
      rpc.sendTransaction(getBase64EncodedWireTransaction(await solOverdraft), { encoding: 'base64' }).send(),
    ).rejects.toThrow()
    const { value: simulated } = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(await solOverdraft), { encoding: 'base64' })
      .send()
    // kit reads every integer of an answer as a bigint, the real cluster's answers included.
    expect(simulated.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })

    const { value: balance } = await rpc.getBalance(owner.address).send()
    expect(balance).toBe(oneSol)
    expect((await usdcOf(owner.address))[0]?.account.data.parsed.info.tokenAmount.amount).toBe('1000000')
  })

  it('prices a message at 5000 lamports per signature and serves blockhash, rent, slot and airdrop', async () => {
    const owner = await fundedOwner(oneSol, 0n)
    const transaction = await signed(owner, [
      getTransferSolInstruction({ source: owner, destination: owner.address, amount: 1n }),
    ])
    const message = Buffer.from(transaction.messageBytes).toString('base64')
    const { value: fee } = await rpc.getFeeForMessage(message as TransactionMessageBytesBase64).send()
    expect(fee).toBe(5000n)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    expect(latest.lastValidBlockHeight).toBeGreaterThan(await rpc.getBlockHeight().send())
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    const nobody = await generateKeyPairSigner()
    const signature = await rpc.requestAirdrop(nobody.address, lamports(oneSol + 5n)).send()
    const before = await chain.height()
    expect((await rpc.getBalance(nobody.address).send()).value).toBe(oneSol + 5n)
    // Below the rent-exempt minimum a new account cannot exist: the airdrop fails as it would on devnet.
    await expect(
      rpc.requestAirdrop((await generateKeyPairSigner()).address, lamports(5n)).send(),
    ).rejects.toThrow(/rent/)
    // Charter's own funding says so before asking, naming the minimum.
    const refused = chain.fund((await generateKeyPairSigner()).address, 'native', 5n)
    await expect(refused).rejects.toThrow(FundingRefusedError)
    await expect(refused).rejects.toThrow('a new Solana account needs at least 0.00089088 SOL')
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]?.slot).toBeLessThanOrEqual(before)
    expect(await rpc.getSlot().send()).toBe(before)
    expect(await rpc.getHealth().send()).toBe('ok')
  })

  it('funds the same owner twice at once with the same amount: two mints, not one "already processed"', async () => {
    const owner = await generateKeyPairSigner()
    await Promise.all([
      chain.fund(owner.address, 'USDC', 1_000_000n),
      chain.fund(owner.address, 'USDC', 1_000_000n),
    ])
    // A whole uiAmount is written 2.0, as the real RPC writes it, so kit hands it over as a number, not 2n.
    expect((await usdcOf(owner.address))[0]?.account.data.parsed.info.tokenAmount).toEqual({
      amount: '2000000',
      decimals: 6,
      uiAmount: 2,
      uiAmountString: '2',
    })
  })

  it('answers only JSON posted to its loopback name: no DNS-rebinding Host, no cross-origin form body', async () => {
    const rebinding = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(chain.rpcUrl)
      const call = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          headers: { host: 'evil.example', 'content-type': 'application/json' },
        },
        (response) => resolve(response.statusCode ?? 0),
      )
      call.on('error', reject)
      call.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }))
    })
    expect(rebinding).toBe(403)
    const form = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [usdcMint, 1] }),
    })
    expect(form.status).toBe(415)
  })

  it('answers an unknown method with -32601 and a bad address with -32602, like the real RPC', async () => {
    const unknown = await post({ jsonrpc: '2.0', id: 1, method: 'getBlock', params: [1] })
    expect(unknown.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    })
    const wrongSize = await post({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['abc'] })
    expect(wrongSize.json).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'Invalid param: WrongSize' },
    })
    const invalid = await post({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['0OIl'.repeat(11)] })
    expect(invalid.json.error).toEqual({ code: -32602, message: 'Invalid param: Invalid' })
    const parse = await post('{"jsonrpc":')
    expect(parse.json.error.code).toBe(-32700)
    const huge = await post({ jsonrpc: '2.0', id: 4, method: 'getHealth', params: ['x'.repeat(60 * 1024)] })
    expect(huge.status).toBe(413)
  })
})

describe('the local Solana cluster’s transaction history', () => {
  it('lists an address’s signatures newest first, pages them with before/until, and serves each by getTransaction', async () => {
    const sender = await fundedOwner(2n * oneSol, 0n)
    const recipient = await generateKeyPairSigner()
    const first = await send(sender, [
      getTransferSolInstruction({ source: sender, destination: recipient.address, amount: oneSol / 10n }),
    ])
    const second = await send(sender, [
      getTransferSolInstruction({ source: sender, destination: recipient.address, amount: oneSol / 5n }),
    ])
    const listed = await rpc.getSignaturesForAddress(recipient.address).send()
    expect(listed.map((each) => each.signature)).toEqual([second, first])
    expect(listed[0]).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized' })
    expect(listed[0]?.slot).toBeGreaterThan(listed[1]?.slot ?? 0n)
    expect(typeof listed[0]?.blockTime).toBe('bigint')
    expect(
      (await rpc.getSignaturesForAddress(recipient.address, { before: second }).send()).map(
        (each) => each.signature,
      ),
    ).toEqual([first])
    expect(
      (await rpc.getSignaturesForAddress(recipient.address, { until: first }).send()).map(
        (each) => each.signature,
      ),
    ).toEqual([second])
    expect(await rpc.getSignaturesForAddress(recipient.address, { limit: 1 }).send()).toHaveLength(1)
    // The sender's own list holds its funding airdrop besides.
    expect(
      (await rpc.getSignaturesForAddress(sender.address).send()).map((each) => each.signature).slice(0, 2),
    ).toEqual([second, first])

    const transaction = await rpc
      .getTransaction(second, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.slot).toBe(listed[0]?.slot)
    expect(transaction?.meta?.err).toBeNull()
    expect(transaction?.meta?.fee).toBe(5000n)
    const keys = transaction?.transaction.message.accountKeys.map((key) => key.pubkey) ?? []
    expect(keys.slice(0, 2)).toEqual([sender.address, recipient.address])
    const index = keys.indexOf(recipient.address)
    const pre = transaction?.meta?.preBalances[index] ?? 0n
    const post = transaction?.meta?.postBalances[index] ?? 0n
    expect(post - pre).toBe(oneSol / 5n)
    const senderDelta = (transaction?.meta?.postBalances[0] ?? 0n) - (transaction?.meta?.preBalances[0] ?? 0n)
    expect(senderDelta).toBe(-(oneSol / 5n) - 5000n)
    expect(transaction?.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true })
  })

  it('records an SPL transfer’s token balances before and after, found by the token account it names', async () => {
    const owner = await fundedOwner(oneSol, 3_000_000n)
    const recipient = await fundedOwner(oneSol, 1n)
    const [from] = await findAssociatedTokenPda({
      owner: owner.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [to] = await findAssociatedTokenPda({
      owner: recipient.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const signature = await send(owner, [
      getTransferInstruction({ source: from, destination: to, authority: owner, amount: 1_250_000n }),
    ])
    // The transfer names the token account, not its owner.
    expect(
      (await rpc.getSignaturesForAddress(recipient.address).send()).map((each) => each.signature),
    ).not.toContain(signature)
    expect((await rpc.getSignaturesForAddress(to).send())[0]?.signature).toBe(signature)
    const { json } = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTransaction',
      params: [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }],
    })
    const amountsOf = (balances: { owner: string; mint: string; uiTokenAmount: { amount: string } }[]) =>
      Object.fromEntries(balances.map((balance) => [balance.owner, balance.uiTokenAmount.amount]))
    expect(amountsOf(json.result.meta.preTokenBalances)).toEqual({
      [owner.address]: '3000000',
      [recipient.address]: '1',
    })
    expect(amountsOf(json.result.meta.postTokenBalances)).toEqual({
      [owner.address]: '1750000',
      [recipient.address]: '1250001',
    })
    expect(json.result.meta.postTokenBalances[0]).toMatchObject({
      mint: usdcMint,
      programId: TOKEN_PROGRAM_ADDRESS,
    })
    expect(typeof json.result.transaction.message.accountKeys[0]).toBe('string')
    expect(json.result.version).toBe(0)
  })

  it('answers an unknown signature with null, and a v0 transaction without maxSupportedTransactionVersion with -32015', async () => {
    const owner = await fundedOwner(oneSol, 0n)
    const signature = await send(owner, [
      getTransferSolInstruction({
        source: owner,
        destination: (await generateKeyPairSigner()).address,
        amount: oneSol / 100n,
      }),
    ])
    const unknown = getBase58Decoder().decode(new Uint8Array(64).fill(7))
    const missing = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTransaction',
      params: [unknown, { maxSupportedTransactionVersion: 0 }],
    })
    expect(missing.json.result).toBeNull()
    const refused = await post({ jsonrpc: '2.0', id: 2, method: 'getTransaction', params: [signature] })
    expect(refused.json.error.code).toBe(-32015)
    const badLimit = await post({
      jsonrpc: '2.0',
      id: 3,
      method: 'getSignaturesForAddress',
      params: [owner.address, { limit: 1001 }],
    })
    expect(badLimit.json.error.code).toBe(-32602)
  })
})

describe('the local Solana cluster across a restart', () => {
  it('keeps balances, the mint and token accounts, and goes on taking transactions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'charter-solana-restart-'))
    try {
      const first = await startSolanaDevnet({ stateDir: dir, logger })
      const owner = await generateKeyPairSigner()
      await first.fund(owner.address, 'native', 3n * oneSol)
      await first.fund(owner.address, 'USDC', 12_500_000n)
      const heightBefore = await first.height()
      const signaturesBefore = await createSolanaRpc(first.rpcUrl)
        .getSignaturesForAddress(owner.address)
        .send()
      await first.close()

      const second = await startSolanaDevnet({ stateDir: dir, logger })
      try {
        const again = createSolanaRpc(second.rpcUrl)
        expect((await again.getBalance(owner.address).send()).value).toBe(3n * oneSol)
        const { value } = await again
          .getTokenAccountsByOwner(owner.address, { mint: usdcMint }, { encoding: 'jsonParsed' })
          .send()
        expect(value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['12500000'])
        expect(await second.height()).toBeGreaterThanOrEqual(heightBefore)
        // The transaction history is kept too: the same signatures, each still served whole.
        const signaturesAfter = await again.getSignaturesForAddress(owner.address).send()
        expect(signaturesAfter.map((each) => each.signature)).toEqual(
          signaturesBefore.map((each) => each.signature),
        )
        const kept = await again
          .getTransaction(signaturesBefore[0]?.signature as Signature, {
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
          })
          .send()
        expect(kept?.slot).toBe(signaturesBefore[0]?.slot)
        await second.fund(owner.address, 'USDC', 500_000n)
        await second.fund(owner.address, 'native', 1n)
        const after = await again
          .getTokenAccountsByOwner(owner.address, { mint: usdcMint }, { encoding: 'jsonParsed' })
          .send()
        expect(after.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('13000000')
        expect((await again.getBalance(owner.address).send()).value).toBe(3n * oneSol + 1n)
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('has saved a write within moments, so a server killed without closing (kill -9) loses little', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'charter-solana-kill-'))
    const killed = await startSolanaDevnet({ stateDir: dir, logger })
    try {
      const owner = await generateKeyPairSigner()
      await killed.fund(owner.address, 'native', 2n * oneSol)
      await killed.fund(owner.address, 'USDC', 7_000_000n)
      await new Promise((resolve) => setTimeout(resolve, 500))
      // The first instance is never closed: the second reads only what was saved while it ran.
      const next = await startSolanaDevnet({ stateDir: dir, logger })
      try {
        const again = createSolanaRpc(next.rpcUrl)
        expect((await again.getBalance(owner.address).send()).value).toBe(2n * oneSol)
        const { value } = await again
          .getTokenAccountsByOwner(owner.address, { mint: usdcMint }, { encoding: 'jsonParsed' })
          .send()
        expect(value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('7000000')
      } finally {
        await next.close()
      }
    } finally {
      await killed.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
