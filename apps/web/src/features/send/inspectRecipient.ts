import { callChainRpc, type OfferedChain, readChainBalances } from '../balances/index.ts'

/** What the chain says of a recipient: warnings in words, and whether it holds a USDC account (Solana). */
export type RecipientFacts = {
  warnings: string[]
  /** Solana: whether the recipient already has a USDC token account; undefined elsewhere. */
  hasUsdcAccount: boolean | undefined
  /** Solana: whether the recipient's account exists (holds SOL); undefined elsewhere. */
  accountExists?: boolean
}

const sameAddress = (a: string, b: string) =>
  a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b

/**
 * Reads `to` on `chain` (through Charter's RPC proxy) for what a person should know before sending to it: that
 * it is their own wallet, a token contract or another contract (code at the address), or an address nobody has
 * used (an EVM address with nonce 0 and no balance; a Solana address with no account and no token account).
 * That last warning is for an address nobody Charter knows owns: a colleague's fresh wallet (`colleague`) is no
 * typo, so it is not said of one.
 */
export async function inspectRecipient(
  chain: OfferedChain,
  to: string,
  own: string,
  colleague = false,
): Promise<RecipientFacts> {
  const warnings: string[] = []
  const where = chain.name
  if (sameAddress(to, own)) {
    warnings.push('This is your own address: what you send comes back to this wallet, less the fee.')
  }
  if (chain.usdc && sameAddress(to, chain.usdc.address)) {
    warnings.push(
      `This is the USDC token’s own address on ${where}, not a wallet: what you send to it is lost for good.`,
    )
    return { warnings, hasUsdcAccount: undefined }
  }
  if (chain.type === 'ethereum') {
    const [code, nonce, balances] = await Promise.all([
      callChainRpc(chain, 'eth_getCode', [to, 'latest']),
      callChainRpc(chain, 'eth_getTransactionCount', [to, 'latest']),
      readChainBalances(chain, to),
    ])
    if (typeof code === 'string' && code !== '0x' && code !== '0x0') {
      warnings.push(
        `This address is a contract on ${where}, not a person’s wallet. Send only if that contract is meant to receive this; otherwise it may be lost.`,
      )
    } else if (
      !colleague &&
      BigInt(nonce as string) === 0n &&
      balances.native === 0n &&
      (balances.usdc?.amount ?? 0n) === 0n
    ) {
      warnings.push(newAddress(where))
    }
    return { warnings, hasUsdcAccount: undefined }
  }
  const mint = chain.usdc?.address
  const [info, tokenAccounts] = await Promise.all([
    callChainRpc(chain, 'getAccountInfo', [to, { encoding: 'base64' }]),
    mint
      ? callChainRpc(chain, 'getTokenAccountsByOwner', [to, { mint }, { encoding: 'jsonParsed' }])
      : Promise.resolve({ value: [] }),
  ])
  const accounts = (tokenAccounts as { value?: unknown[] } | null)?.value ?? []
  const exists = (info as { value?: unknown } | null)?.value != null
  if (!exists && accounts.length === 0 && !colleague) warnings.push(newAddress(where))
  return { warnings, hasUsdcAccount: mint ? accounts.length > 0 : undefined, accountExists: exists }
}

const newAddress = (where: string) =>
  `Nobody has used this address on ${where} yet: no transactions, no balance. Check it is the right one; a typo sends to nobody.`
