import { baseSepolia, usdcEip712Domain } from '@charter/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  domainSeparator,
  erc20Abi,
  http,
  multicall3Abi,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseSignature,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { permitType } from '../../../../../packages/core/src/__fixtures__/typedData.ts'
import type { LocalChain } from '../LocalChain.ts'
import { devnetTracker } from './__fixtures__/devnetTracker.ts'

// The token as any wallet sees it: viem's standard ERC-20 ABI plus EIP-2612, not the contract's own artifact.
const permitAbi = parseAbi([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function mint(address to, uint256 value)',
])
const usdc: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e' // Base Sepolia's real USDC (docs/chains.md)
const multicall3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const knownDomain = usdcEip712Domain(84532)
if (!knownDomain) throw new Error('the core has no USDC domain for Base Sepolia')
/** The domain Charter signs with (the core's), which the devnet's token must hash exactly as the real one. */
const baseSepoliaUsdcDomain = knownDomain

const devnets = devnetTracker()
let devnet: LocalChain
/** The JSON-RPC bodies sent through `reader`, to count requests. */
const sent: string[] = []
const readerFor = (rpcUrl: string) =>
  createPublicClient({
    chain: baseSepolia,
    transport: http(rpcUrl, { onFetchRequest: (_request, init) => void sent.push(String(init.body)) }),
  })
let reader: ReturnType<typeof readerFor>

const newAccount = () => privateKeyToAccount(generatePrivateKey())
const walletFor = (account: ReturnType<typeof newAccount>) =>
  createWalletClient({ account, chain: baseSepolia, transport: http(devnet.rpcUrl) })

beforeAll(async () => {
  ;({ chain: devnet } = await devnets.start(84532, await devnets.tempDir()))
  reader = readerFor(devnet.rpcUrl)
})
afterAll(() => devnets.cleanUp())

const usdcBalance = (address: Address) =>
  reader.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('the local Base Sepolia devnet', () => {
  it('has USDC at the real USDC address: "USDC" (the real Base Sepolia name), USDC, 6 decimals', async () => {
    const read = (functionName: 'name' | 'symbol' | 'decimals') =>
      reader.readContract({ address: usdc, abi: erc20Abi, functionName })
    expect(await read('name')).toBe('USDC')
    expect(await read('symbol')).toBe('USDC')
    expect(await read('decimals')).toBe(6)
  })

  it('funds native money on top of what an address holds, exactly', async () => {
    const { address } = newAccount()
    await devnet.fund(address, 'native', parseEther('1'))
    await devnet.fund(address, 'native', 5n)
    expect(await reader.getBalance({ address })).toBe(parseEther('1') + 5n)
  })

  it('funds USDC with a mined mint: exact balance, supply up, a Transfer from the zero address', async () => {
    const { address } = newAccount()
    const supply = await reader.readContract({ address: usdc, abi: erc20Abi, functionName: 'totalSupply' })
    const height = await devnet.height()
    await devnet.fund(address, 'USDC', 10_000_000n)
    await devnet.fund(address, 'USDC', 1n)
    expect(await usdcBalance(address)).toBe(10_000_001n)
    expect(await reader.readContract({ address: usdc, abi: erc20Abi, functionName: 'totalSupply' })).toBe(
      supply + 10_000_001n,
    )
    expect(await devnet.height()).toBe(height + 2n)
    const logs = await reader.getContractEvents({
      address: usdc,
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { to: address },
      fromBlock: height + 1n,
    })
    expect(logs.map(({ args }) => [args.from, args.value])).toEqual([
      ['0x0000000000000000000000000000000000000000', 10_000_000n],
      ['0x0000000000000000000000000000000000000000', 1n],
    ])
  })

  it('refuses to fund what is not an address, or a negative amount', async () => {
    await expect(devnet.fund('0x1234', 'USDC', 1n)).rejects.toThrow(/not an address/)
    await expect(devnet.fund(newAccount().address, 'native', -1n)).rejects.toThrow(/negative/)
  })

  it('lets nobody but the faucet mint', async () => {
    const stranger = newAccount()
    await devnet.fund(stranger.address, 'native', parseEther('1'))
    await expect(
      walletFor(stranger).writeContract({
        address: usdc,
        abi: permitAbi,
        functionName: 'mint',
        args: [stranger.address, 1n],
      }),
    ).rejects.toThrow('FiatToken: caller is not a minter')
    expect(await usdcBalance(stranger.address)).toBe(0n)
  })

  it('transfers, emitting Transfer; an overdraft reverts', async () => {
    const alice = newAccount()
    const bob = newAccount()
    await devnet.fund(alice.address, 'native', parseEther('1'))
    await devnet.fund(alice.address, 'USDC', 5_000_000n)
    const hash = await walletFor(alice).writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob.address, 1_250_000n],
    })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    expect(
      parseEventLogs({ abi: erc20Abi, logs: receipt.logs }).map((log) => [log.eventName, log.args]),
    ).toEqual([['Transfer', { from: alice.address, to: bob.address, value: 1_250_000n }]])
    expect(await usdcBalance(alice.address)).toBe(3_750_000n)
    expect(await usdcBalance(bob.address)).toBe(1_250_000n)
    await expect(
      reader.simulateContract({
        account: alice.address,
        address: usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [bob.address, 3_750_001n],
      }),
    ).rejects.toThrow(/reverted/)
  })

  it('approves and spends an allowance with transferFrom, emitting Approval and Transfer', async () => {
    const owner = newAccount()
    const spender = newAccount()
    const recipient = newAccount()
    for (const account of [owner, spender]) await devnet.fund(account.address, 'native', parseEther('1'))
    await devnet.fund(owner.address, 'USDC', 2_000_000n)
    const approval = await reader.waitForTransactionReceipt({
      hash: await walletFor(owner).writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender.address, 1_500_000n],
      }),
    })
    expect(
      parseEventLogs({ abi: erc20Abi, logs: approval.logs }).map((log) => [log.eventName, log.args]),
    ).toEqual([['Approval', { owner: owner.address, spender: spender.address, value: 1_500_000n }]])
    const spend = await reader.waitForTransactionReceipt({
      hash: await walletFor(spender).writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [owner.address, recipient.address, 1_000_000n],
      }),
    })
    expect(
      parseEventLogs({ abi: erc20Abi, logs: spend.logs }).map((log) => [log.eventName, log.args]),
    ).toEqual([['Transfer', { from: owner.address, to: recipient.address, value: 1_000_000n }]])
    expect(
      await reader.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner.address, spender.address],
      }),
    ).toBe(500_000n)
    expect(await usdcBalance(recipient.address)).toBe(1_000_000n)
    // Beyond what is left of the allowance: refused.
    await expect(
      reader.simulateContract({
        account: spender.address,
        address: usdc,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [owner.address, recipient.address, 500_001n],
      }),
    ).rejects.toThrow(/reverted/)
  })

  it('accepts an EIP-2612 permit signed off-chain with the core\'s domain ("USDC" version 2), once', async () => {
    const owner = newAccount()
    const relayer = newAccount()
    await devnet.fund(relayer.address, 'native', parseEther('1'))
    const domain = baseSepoliaUsdcDomain
    expect(
      await reader.readContract({ address: usdc, abi: permitAbi, functionName: 'DOMAIN_SEPARATOR' }),
    ).toBe(domainSeparator({ domain }))
    const nonce = await reader.readContract({
      address: usdc,
      abi: permitAbi,
      functionName: 'nonces',
      args: [owner.address],
    })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const value = 7_000_000n
    const signature = await owner.signTypedData({
      domain,
      types: { Permit: permitType },
      primaryType: 'Permit',
      message: { owner: owner.address, spender: relayer.address, value, nonce, deadline },
    })
    const { r, s, v } = parseSignature(signature)
    const args = [owner.address, relayer.address, value, deadline, Number(v), r, s] as const
    const receipt = await reader.waitForTransactionReceipt({
      hash: await walletFor(relayer).writeContract({
        address: usdc,
        abi: permitAbi,
        functionName: 'permit',
        args,
      }),
    })
    expect(
      parseEventLogs({ abi: erc20Abi, logs: receipt.logs }).map((log) => [log.eventName, log.args]),
    ).toEqual([['Approval', { owner: owner.address, spender: relayer.address, value }]])
    expect(
      await reader.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner.address, relayer.address],
      }),
    ).toBe(value)
    expect(
      await reader.readContract({
        address: usdc,
        abi: permitAbi,
        functionName: 'nonces',
        args: [owner.address],
      }),
    ).toBe(nonce + 1n)
    // The same signature again: its nonce is spent.
    await expect(
      reader.simulateContract({
        account: relayer.address,
        address: usdc,
        abi: permitAbi,
        functionName: 'permit',
        args,
      }),
    ).rejects.toThrow('EIP2612: invalid signature')
  })

  it('answers a native and a USDC balance through Multicall3 aggregate3 in one eth_call', async () => {
    const { address } = newAccount()
    await devnet.fund(address, 'native', 123n)
    await devnet.fund(address, 'USDC', 456n)
    sent.length = 0
    const results = await reader.multicall({
      multicallAddress: multicall3,
      contracts: [
        { address: multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [address] },
        { address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] },
        // A call that reverts (a transfer of USDC the multicall contract does not have) fails alone.
        { address: usdc, abi: erc20Abi, functionName: 'transfer', args: [address, 1n] },
      ],
    })
    expect(results.slice(0, 2)).toEqual([
      { status: 'success', result: 123n },
      { status: 'success', result: 456n },
    ])
    expect(results[2]?.status).toBe('failure')
    expect(sent).toHaveLength(1)
    const request = JSON.parse(sent[0] ?? '{}') as { method: string; params: [{ to: string; data: string }] }
    expect(request.method).toBe('eth_call')
    expect(request.params[0].to.toLowerCase()).toBe(multicall3.toLowerCase())
    expect(request.params[0].data.slice(0, 10)).toBe('0x82ad56cb')
  })
})
