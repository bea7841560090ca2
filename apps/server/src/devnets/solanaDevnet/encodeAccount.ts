import { type Address, type EncodedAccount, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { invalidParams } from './JsonRpcError.ts'
import { parseTokenAccountData } from './parseTokenAccountData.ts'

/** The account encodings this cluster answers in; `base64+zstd` is refused as unsupported. */
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed'

/** Rent-exempt accounts report u64::MAX as their rent epoch on today's clusters. */
const rentExemptEpoch = 18446744073709551615n

/** The real RPC refuses base58 for accounts larger than this. */
const maxBase58Bytes = 128

/** The `encoding` of a config object; no encoding is the legacy `binary` (a bare base58 string). */
export function accountEncoding(config: Record<string, unknown>): AccountEncoding {
  const encoding = config.encoding ?? 'binary'
  if (encoding === 'binary' || encoding === 'base58' || encoding === 'base64' || encoding === 'jsonParsed') {
    return encoding
  }
  throw invalidParams(`Invalid params: encoding ${String(encoding)} is not supported by the local cluster.`)
}

/** An account in the real RPC's UiAccount shape; jsonParsed falls back to base64 for what it cannot parse. */
export function encodeAccount(
  account: EncodedAccount,
  encoding: AccountEncoding,
  decimalsOf: (mint: Address) => number | null,
) {
  const data = account.data as Uint8Array
  const encoded = (() => {
    if (encoding === 'jsonParsed') {
      const parsed = parseTokenAccountData(account.programAddress, data, decimalsOf)
      if (parsed) return parsed
    }
    if (encoding === 'base64' || encoding === 'jsonParsed') return [getBase64Decoder().decode(data), 'base64']
    if (data.length > maxBase58Bytes) {
      throw invalidParams(
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    }
    const base58 = getBase58Decoder().decode(data)
    return encoding === 'base58' ? [base58, 'base58'] : base58
  })()
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: rentExemptEpoch,
    space: BigInt(data.length),
  }
}
