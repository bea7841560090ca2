import { baseSepolia, transferWithAuthorizationTypes, usdcEip712Domain } from '@charter/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  domainSeparator,
  erc20Abi,
  getTypesForEIP712Domain,
  type Hex,
  hashDomain,
  http,
  keccak256,
  multicall3Abi,
  numberToHex,
  pad,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseSignature,
  serializeSignature,
  stringToHex,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { permitType } from '../../../../../packages/core/src/__fixtures__/typedData.ts'
import alwaysValid1271Artifact from '../../../contracts/artifacts/AlwaysValid1271.json' with { type: 'json' }
import testUsdcArtifact from '../../../contracts/artifacts/TestUSDC.json' with { type: 'json' }
import type { LocalChain } from '../LocalChain.ts'
import { devnetTracker } from './__fixtures__/devnetTracker.ts'
import { createDevnetClient } from './devnetClient.ts'
import { placeDevnetContracts, shortStringStorageWord } from './devnetContracts.ts'

// The token as any wallet sees it: viem's standard ERC-20 ABI plus EIP-2612, not the contract's own artifact.
const permitAbi = parseAbi([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function mint(address to, uint256 value)',
])
// EIP-3009 as Circle's FiatTokenV2_2 publishes it (contracts/v2/EIP3009.sol, FiatTokenV2.sol, FiatTokenV2_2.sol).
const authorizationAbi = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function cancelAuthorization(address authorizer, bytes32 nonce, bytes signature)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns (bytes32)',
  'function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns (bytes32)',
  'function CANCEL_AUTHORIZATION_TYPEHASH() view returns (bytes32)',
  'function name() view returns (string)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
  'event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
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

/** An EIP-3009 authorisation's fields, as signed and as submitted. */
type Authorization = {
  from: Address
  to: Address
  value: bigint
  validAfter: bigint
  validBefore: bigint
  nonce: Hex
}
// The same fields under the name Circle hashes for receiveWithAuthorization; and the cancellation's.
const receiveWithAuthorizationTypes = {
  ReceiveWithAuthorization: transferWithAuthorizationTypes.TransferWithAuthorization,
} as const
const cancelAuthorizationTypes = {
  CancelAuthorization: [
    { name: 'authorizer', type: 'address' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const
/** secp256k1's order: `n - s` (with v flipped) is the same signature's malleable twin. */
const curveOrder = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

describe("the local devnet's USDC: EIP-3009 as Circle's FiatTokenV2_2", () => {
  let relayer: ReturnType<typeof newAccount>

  beforeAll(async () => {
    relayer = newAccount()
    await devnet.fund(relayer.address, 'native', parseEther('1'))
  })

  /** A member holding `usdc` units of USDC and none of the chain's coin. */
  const memberWith = async (units: bigint) => {
    const member = newAccount()
    await devnet.fund(member.address, 'USDC', units)
    return member
  }

  /** An authorisation valid from now for ten minutes (by the chain's clock), with a random nonce. */
  const authorizationOf = async (
    from: Address,
    to: Address,
    value: bigint,
    changes: Partial<Authorization> = {},
  ): Promise<Authorization> => {
    const { timestamp } = await reader.getBlock()
    const nonce = keccak256(generatePrivateKey())
    return { from, to, value, validAfter: 0n, validBefore: timestamp + 600n, nonce, ...changes }
  }

  const signTransfer = (signer: ReturnType<typeof newAccount>, message: Authorization) =>
    signer.signTypedData({
      domain: baseSepoliaUsdcDomain,
      types: transferWithAuthorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message,
    })

  /** The (…, v, r, s) arguments of an authorisation and its signature. */
  const withVrs = ({ from, to, value, validAfter, validBefore, nonce }: Authorization, signature: Hex) => {
    const { r, s, v } = parseSignature(signature)
    return [from, to, value, validAfter, validBefore, nonce, Number(v), r, s] as const
  }
  /** The (…, bytes signature) arguments. */
  const withBytes = ({ from, to, value, validAfter, validBefore, nonce }: Authorization, signature: Hex) =>
    [from, to, value, validAfter, validBefore, nonce, signature] as const

  const submit = async (
    functionName: 'transferWithAuthorization' | 'receiveWithAuthorization' | 'cancelAuthorization',
    args: readonly unknown[],
    sender = relayer,
  ) => {
    const hash = await walletFor(sender).writeContract({
      address: usdc,
      abi: authorizationAbi,
      functionName,
      args: args as never,
    })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return parseEventLogs({ abi: authorizationAbi, logs: receipt.logs }).map((log) => [
      log.eventName,
      log.args,
    ])
  }

  /** What the contract answers when `sender` submits: its revert reason. */
  const refusal = (
    functionName: 'transferWithAuthorization' | 'receiveWithAuthorization' | 'cancelAuthorization',
    args: readonly unknown[],
    sender = relayer,
  ) =>
    reader.simulateContract({
      account: sender.address,
      address: usdc,
      abi: authorizationAbi,
      functionName,
      args: args as never,
    })

  const used = (authorizer: Address, nonce: Hex) =>
    reader.readContract({
      address: usdc,
      abi: authorizationAbi,
      functionName: 'authorizationState',
      args: [authorizer, nonce],
    })

  it("has the real Base Sepolia USDC domain: the separator is viem's hashDomain of the core's domain", async () => {
    const separator = await reader.readContract({
      address: usdc,
      abi: permitAbi,
      functionName: 'DOMAIN_SEPARATOR',
    })
    expect(separator).toBe(
      hashDomain({
        domain: { ...baseSepoliaUsdcDomain, chainId: BigInt(baseSepoliaUsdcDomain.chainId) },
        // The domain type FiatTokenV2_2 hashes (util/EIP712.sol), the one viem derives from these four fields.
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
        },
      }),
    )
    expect(getTypesForEIP712Domain({ domain: baseSepoliaUsdcDomain }).map(({ name }) => name)).toEqual([
      'name',
      'version',
      'chainId',
      'verifyingContract',
    ])
    expect(baseSepoliaUsdcDomain).toMatchObject({
      name: 'USDC',
      version: '2',
      chainId: 84532,
      verifyingContract: usdc,
    })
    expect(await reader.readContract({ address: usdc, abi: authorizationAbi, functionName: 'name' })).toBe(
      'USDC',
    )
  })

  it("publishes Circle's typehashes, with Circle's values (contracts/v2/EIP3009.sol)", async () => {
    const read = (
      functionName:
        | 'TRANSFER_WITH_AUTHORIZATION_TYPEHASH'
        | 'RECEIVE_WITH_AUTHORIZATION_TYPEHASH'
        | 'CANCEL_AUTHORIZATION_TYPEHASH',
    ) => reader.readContract({ address: usdc, abi: authorizationAbi, functionName })
    expect(await read('TRANSFER_WITH_AUTHORIZATION_TYPEHASH')).toBe(
      '0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267',
    )
    expect(await read('RECEIVE_WITH_AUTHORIZATION_TYPEHASH')).toBe(
      '0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8',
    )
    expect(await read('CANCEL_AUTHORIZATION_TYPEHASH')).toBe(
      '0x158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a1597429',
    )
  })

  it('moves the money of a member without gas when anyone submits the signed authorisation', async () => {
    const member = await memberWith(25_000_000n)
    const recipient = newAccount()
    const message = await authorizationOf(member.address, recipient.address, 10_000_000n)
    expect(await used(member.address, message.nonce)).toBe(false)
    const events = await submit(
      'transferWithAuthorization',
      withVrs(message, await signTransfer(member, message)),
    )
    expect(events).toEqual([
      ['AuthorizationUsed', { authorizer: member.address, nonce: message.nonce }],
      ['Transfer', { from: member.address, to: recipient.address, value: 10_000_000n }],
    ])
    expect(await usdcBalance(member.address)).toBe(15_000_000n)
    expect(await usdcBalance(recipient.address)).toBe(10_000_000n)
    expect(await reader.getBalance({ address: member.address })).toBe(0n)
    expect(await used(member.address, message.nonce)).toBe(true)
  })

  it('takes the signature as bytes too (the FiatTokenV2_2 overload)', async () => {
    const member = await memberWith(3_000_000n)
    const recipient = newAccount()
    const message = await authorizationOf(member.address, recipient.address, 1_000_000n)
    const events = await submit(
      'transferWithAuthorization',
      withBytes(message, await signTransfer(member, message)),
    )
    expect(events.map(([eventName]) => eventName)).toEqual(['AuthorizationUsed', 'Transfer'])
    expect(await usdcBalance(recipient.address)).toBe(1_000_000n)
  })

  it('refuses a signature by another key, and one for a different recipient: "invalid signature"', async () => {
    const member = await memberWith(5_000_000n)
    const recipient = newAccount()
    const thief = newAccount()
    const message = await authorizationOf(member.address, recipient.address, 1_000_000n)
    await expect(
      refusal('transferWithAuthorization', withVrs(message, await signTransfer(thief, message))),
    ).rejects.toThrow('FiatTokenV2: invalid signature')
    const signature = await signTransfer(member, message)
    await expect(
      refusal('transferWithAuthorization', withVrs({ ...message, to: thief.address }, signature)),
    ).rejects.toThrow('FiatTokenV2: invalid signature')
    await expect(
      refusal('transferWithAuthorization', withVrs({ ...message, value: 5_000_000n }, signature)),
    ).rejects.toThrow('FiatTokenV2: invalid signature')
    expect(await usdcBalance(member.address)).toBe(5_000_000n)
  })

  it('refuses the same authorisation twice: "used or canceled"', async () => {
    const member = await memberWith(5_000_000n)
    const message = await authorizationOf(member.address, newAccount().address, 1_000_000n)
    const args = withVrs(message, await signTransfer(member, message))
    await submit('transferWithAuthorization', args)
    await expect(refusal('transferWithAuthorization', args)).rejects.toThrow(
      'FiatTokenV2: authorization is used or canceled',
    )
    expect(await usdcBalance(member.address)).toBe(4_000_000n)
  })

  it("refuses an expired authorisation and one not yet valid, by the chain's clock", async () => {
    const member = await memberWith(5_000_000n)
    const { timestamp } = await reader.getBlock()
    const expired = await authorizationOf(member.address, newAccount().address, 1n, {
      validBefore: timestamp - 1n,
    })
    await expect(
      refusal('transferWithAuthorization', withVrs(expired, await signTransfer(member, expired))),
    ).rejects.toThrow('FiatTokenV2: authorization is expired')
    const early = await authorizationOf(member.address, newAccount().address, 1n, {
      validAfter: timestamp + 3600n,
    })
    await expect(
      refusal('transferWithAuthorization', withVrs(early, await signTransfer(member, early))),
    ).rejects.toThrow('FiatTokenV2: authorization is not yet valid')
  })

  it('refuses what the balance does not cover, and a transfer to the zero address, with ERC20 words', async () => {
    const member = await memberWith(1_000_000n)
    const tooMuch = await authorizationOf(member.address, newAccount().address, 1_000_001n)
    await expect(
      refusal('transferWithAuthorization', withVrs(tooMuch, await signTransfer(member, tooMuch))),
    ).rejects.toThrow('ERC20: transfer amount exceeds balance')
    const toNobody = await authorizationOf(member.address, zeroAddress, 1n)
    await expect(
      refusal('transferWithAuthorization', withVrs(toNobody, await signTransfer(member, toNobody))),
    ).rejects.toThrow('ERC20: transfer to the zero address')
  })

  it("refuses the malleable twin of a valid signature (high s), as Circle's ECRecover does", async () => {
    const member = await memberWith(1_000_000n)
    const message = await authorizationOf(member.address, newAccount().address, 1n)
    const { r, s, yParity } = parseSignature(await signTransfer(member, message))
    const twin = serializeSignature({
      r,
      s: numberToHex(curveOrder - BigInt(s), { size: 32 }),
      yParity: yParity === 0 ? 1 : 0,
    })
    await expect(refusal('transferWithAuthorization', withVrs(message, twin))).rejects.toThrow(
      "ECRecover: invalid signature 's' value",
    )
    await expect(refusal('transferWithAuthorization', withBytes(message, twin))).rejects.toThrow(
      "ECRecover: invalid signature 's' value",
    )
  })

  it('cancels an unused authorisation, which then can never be used nor cancelled again', async () => {
    const member = await memberWith(2_000_000n)
    const message = await authorizationOf(member.address, newAccount().address, 1_000_000n)
    const transferArgs = withVrs(message, await signTransfer(member, message))
    const cancellation = await member.signTypedData({
      domain: baseSepoliaUsdcDomain,
      types: cancelAuthorizationTypes,
      primaryType: 'CancelAuthorization',
      message: { authorizer: member.address, nonce: message.nonce },
    })
    // Signed by someone else, the cancellation is refused.
    const forged = await newAccount().signTypedData({
      domain: baseSepoliaUsdcDomain,
      types: cancelAuthorizationTypes,
      primaryType: 'CancelAuthorization',
      message: { authorizer: member.address, nonce: message.nonce },
    })
    await expect(refusal('cancelAuthorization', [member.address, message.nonce, forged])).rejects.toThrow(
      'FiatTokenV2: invalid signature',
    )
    const { r, s, v } = parseSignature(cancellation)
    expect(await submit('cancelAuthorization', [member.address, message.nonce, Number(v), r, s])).toEqual([
      ['AuthorizationCanceled', { authorizer: member.address, nonce: message.nonce }],
    ])
    expect(await used(member.address, message.nonce)).toBe(true)
    await expect(refusal('transferWithAuthorization', transferArgs)).rejects.toThrow(
      'FiatTokenV2: authorization is used or canceled',
    )
    await expect(
      refusal('cancelAuthorization', [member.address, message.nonce, cancellation]),
    ).rejects.toThrow('FiatTokenV2: authorization is used or canceled')
    expect(await usdcBalance(member.address)).toBe(2_000_000n)
  })

  it('lets only the payee submit receiveWithAuthorization, which a transfer signature does not pass for', async () => {
    const member = await memberWith(2_000_000n)
    const payee = newAccount()
    await devnet.fund(payee.address, 'native', parseEther('1'))
    const message = await authorizationOf(member.address, payee.address, 1_500_000n)
    const signature = await member.signTypedData({
      domain: baseSepoliaUsdcDomain,
      types: receiveWithAuthorizationTypes,
      primaryType: 'ReceiveWithAuthorization',
      message,
    })
    await expect(refusal('receiveWithAuthorization', withVrs(message, signature))).rejects.toThrow(
      'FiatTokenV2: caller must be the payee',
    )
    await expect(
      refusal('receiveWithAuthorization', withVrs(message, await signTransfer(member, message)), payee),
    ).rejects.toThrow('FiatTokenV2: invalid signature')
    expect(await submit('receiveWithAuthorization', withBytes(message, signature), payee)).toEqual([
      ['AuthorizationUsed', { authorizer: member.address, nonce: message.nonce }],
      ['Transfer', { from: member.address, to: payee.address, value: 1_500_000n }],
    ])
    expect(await usdcBalance(payee.address)).toBe(1_500_000n)
  })

  it('asks a contract wallet through EIP-1271 (as SignatureChecker does); code that cannot answer is refused', async () => {
    const client = createDevnetClient(84532, devnet.rpcUrl)
    const wallet = newAccount().address
    await client.setCode({ address: wallet, bytecode: alwaysValid1271Artifact.deployedBytecode as Hex })
    await devnet.fund(wallet, 'USDC', 1_000_000n)
    const recipient = newAccount().address
    const message = await authorizationOf(wallet, recipient, 400_000n)
    expect(await submit('transferWithAuthorization', withBytes(message, '0x01'))).toEqual([
      ['AuthorizationUsed', { authorizer: wallet, nonce: message.nonce }],
      ['Transfer', { from: wallet, to: recipient, value: 400_000n }],
    ])
    // Multicall3 has code but no isValidSignature: nothing it "signs" is valid.
    const fromMulticall = await authorizationOf(multicall3, recipient, 0n)
    await expect(
      refusal(
        'transferWithAuthorization',
        withVrs(fromMulticall, await signTransfer(newAccount(), fromMulticall)),
      ),
    ).rejects.toThrow('FiatTokenV2: invalid signature')
  })

  it('writes the real name where a restarted devnet holds a wrong one, and the domain follows', async () => {
    const client = createDevnetClient(84532, devnet.rpcUrl)
    const nameSlot = Number(testUsdcArtifact.storage.name)
    await client.setStorageAt({ address: usdc, index: nameSlot, value: shortStringStorageWord('USD Coin') })
    expect(await reader.readContract({ address: usdc, abi: authorizationAbi, functionName: 'name' })).toBe(
      'USD Coin',
    )
    await placeDevnetContracts(client, 84532, devnets.logger)
    expect(await reader.readContract({ address: usdc, abi: authorizationAbi, functionName: 'name' })).toBe(
      'USDC',
    )
    expect(
      await reader.readContract({ address: usdc, abi: permitAbi, functionName: 'DOMAIN_SEPARATOR' }),
    ).toBe(domainSeparator({ domain: baseSepoliaUsdcDomain }))
  })

  it('stores a short string as Solidity does: bytes left-aligned, length times two in the last byte', () => {
    expect(shortStringStorageWord('USDC')).toBe(`${pad(stringToHex('USDC'), { dir: 'right', size: 31 })}08`)
    expect(shortStringStorageWord('')).toBe(pad('0x00'))
    expect(() => shortStringStorageWord('x'.repeat(32))).toThrow(/too long/)
  })
})
