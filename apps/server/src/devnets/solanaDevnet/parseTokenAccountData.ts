import { type Address, type Option, unwrapOption } from '@solana/kit'
import {
  AccountState,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { Float } from './toJsonText.ts'

/** What the real RPC's jsonParsed encoding puts in `data` for an SPL Token account. */
export type ParsedTokenData = {
  program: 'spl-token'
  parsed: { type: 'mint' | 'account'; info: Record<string, unknown> }
  space: bigint
}

/** A whole number of a token's smallest units shaped as the real RPC's UiTokenAmount. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = decimalString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: new Float(Number(uiAmountString)), uiAmountString }
}

/** `amount` shifted `decimals` places, trailing zeros trimmed ("1", "0.5", "0"), as the real RPC writes it. */
function decimalString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

const optionalAddress = (option: Option<Address>): Address | null => unwrapOption(option)

/**
 * An SPL Token mint or token account in the real RPC's jsonParsed shape, or null when the real RPC would fall
 * back to base64: another program's account, a multisig, Token-2022 (its extensions are not parsed here), or a
 * token account whose mint is unknown (its decimals are needed). `decimalsOf` looks up a mint's decimals.
 */
export function parseTokenAccountData(
  owner: Address,
  data: Uint8Array,
  decimalsOf: (mint: Address) => number | null,
): ParsedTokenData | null {
  if (owner !== TOKEN_PROGRAM_ADDRESS) return null
  const space = BigInt(data.length)
  if (data.length === getMintSize()) {
    const mint = getMintDecoder().decode(data)
    if (!mint.isInitialized) return null
    const info = {
      decimals: mint.decimals,
      freezeAuthority: optionalAddress(mint.freezeAuthority),
      isInitialized: true,
      mintAuthority: optionalAddress(mint.mintAuthority),
      supply: mint.supply.toString(),
    }
    return { program: 'spl-token', parsed: { type: 'mint', info }, space }
  }
  if (data.length === getTokenSize()) {
    const token = getTokenDecoder().decode(data)
    if (token.state === AccountState.Uninitialized) return null
    const decimals = decimalsOf(token.mint)
    if (decimals === null) return null
    const delegate = optionalAddress(token.delegate)
    const closeAuthority = optionalAddress(token.closeAuthority)
    const rentExemptReserve = unwrapOption(token.isNative)
    const info: Record<string, unknown> = {
      isNative: rentExemptReserve !== null,
      mint: token.mint,
      owner: token.owner,
      state: token.state === AccountState.Frozen ? 'frozen' : 'initialized',
      tokenAmount: uiTokenAmount(token.amount, decimals),
    }
    if (delegate) {
      info.delegate = delegate
      info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals)
    }
    if (rentExemptReserve !== null) info.rentExemptReserve = uiTokenAmount(rentExemptReserve, decimals)
    if (closeAuthority) info.closeAuthority = closeAuthority
    return { program: 'spl-token', parsed: { type: 'account', info }, space }
  }
  return null
}
