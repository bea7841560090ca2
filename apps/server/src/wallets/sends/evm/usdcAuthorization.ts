import { randomBytes } from 'node:crypto'
import { type SupportedChainId, transferWithAuthorizationTypes, usdcEip712Domain } from '@charter/core'
import {
  type Address,
  decodeFunctionResult,
  domainSeparator,
  encodeFunctionData,
  type Hex,
  parseAbi,
} from 'viem'
import type { ChainRpc } from '../chainRpc.ts'

/**
 * How long a member's transfer authorisation (EIP-3009) may be submitted: `validBefore` is this many seconds after
 * it is signed. Long enough for the sponsor to estimate, record and broadcast it and for a busy chain to include
 * it; short, because an authorisation recorded and never broadcast (its server stopped in between) is never
 * submitted by anyone: it is simply left to expire, and the member's USDC stays theirs until then in any case.
 */
export const authorizationLifetimeSeconds = 10 * 60

/** EIP-3009's `TransferWithAuthorization`, as the member signs it and the contract checks it. */
export type TransferAuthorization = {
  from: Address
  to: Address
  value: bigint
  validAfter: bigint
  validBefore: bigint
  /** 32 random bytes: single use per `from`, and unguessable, so no one can use it first. */
  nonce: Hex
}

/** USDC's EIP-712 domain on a chain, as the core knows it and the contract was checked to use. */
export type UsdcDomain = NonNullable<ReturnType<typeof usdcEip712Domain>>

/** A new authorisation of `value` from `from` to `to`, valid at once and for `authorizationLifetimeSeconds`. */
export function transferAuthorization(
  from: Address,
  to: Address,
  value: bigint,
  now = new Date(),
): TransferAuthorization {
  return {
    from,
    to,
    value,
    validAfter: 0n,
    validBefore: BigInt(Math.floor(now.getTime() / 1000) + authorizationLifetimeSeconds),
    nonce: `0x${randomBytes(32).toString('hex')}`,
  }
}

/** What the member's key signs (EIP-712): the authorisation under USDC's checked domain. */
export const authorizationTypedData = (domain: UsdcDomain, authorization: TransferAuthorization) => ({
  domain,
  types: transferWithAuthorizationTypes,
  primaryType: 'TransferWithAuthorization' as const,
  message: authorization,
})

const domainSeparatorAbi = parseAbi(['function DOMAIN_SEPARATOR() view returns (bytes32)'])

/** The domains already seen in use, per node and chain: a contract's domain does not change. */
const checked = new Map<string, UsdcDomain>()

/**
 * USDC's EIP-712 domain on `chainId` once its contract is seen to use it (its `DOMAIN_SEPARATOR()` is the hash of
 * the core's domain), or in words why an authorisation must not be signed there: no domain is known for the
 * chain, or the contract's differs (the contract would refuse every signature made with it). A match is
 * remembered per node and chain; a difference (a contract not yet deployed, say) is read again next time, and a
 * node that does not answer throws its error.
 */
export async function checkedUsdcDomain(
  rpc: ChainRpc,
  node: string,
  chainId: number,
): Promise<UsdcDomain | string> {
  const cacheKey = `${node} ${chainId}`
  const known = checked.get(cacheKey)
  if (known !== undefined) return known
  const domain = usdcEip712Domain(chainId as SupportedChainId)
  if (!domain) return 'its USDC contract has no checked EIP-712 domain'
  const answer = await rpc<Hex>('eth_call', [
    {
      to: domain.verifyingContract,
      data: encodeFunctionData({ abi: domainSeparatorAbi, functionName: 'DOMAIN_SEPARATOR' }),
    },
    'latest',
  ])
  let onChain: Hex | undefined
  try {
    onChain = decodeFunctionResult({
      abi: domainSeparatorAbi,
      functionName: 'DOMAIN_SEPARATOR',
      data: answer,
    })
  } catch {
    onChain = undefined
  }
  if (onChain?.toLowerCase() !== domainSeparator({ domain }).toLowerCase()) {
    return 'its USDC contract does not use the EIP-712 domain Charter would sign with'
  }
  checked.set(cacheKey, domain)
  return domain
}
