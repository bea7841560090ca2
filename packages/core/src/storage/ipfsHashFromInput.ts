// CIDv0 is base58btc of a sha2-256 multihash, always 46 characters; CIDv1 here is base32 (multibase `b`), the
// encoding gateways, Pinata and the Hats Protocol app write. Other encodings of a CIDv1 are not accepted.
const cidV0 = /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/
const cidV1 = /^b[a-z2-7]{50,200}$/

/**
 * The CID in what a person pastes or a contract stores: a bare CID or `ipfs://{cid}`, blanks around it
 * ignored; undefined for anything else (a path after the CID, a gateway URL, any other text). Whatever comes
 * back is letters and digits only, so it cannot change the gateway URL it is put into.
 */
export function ipfsHashFromInput(input: string): string | undefined {
  const trimmed = input.trim()
  const hash = /^ipfs:\/\//i.test(trimmed) ? trimmed.slice('ipfs://'.length) : trimmed
  return cidV0.test(hash) || cidV1.test(hash) ? hash : undefined
}
