// EIP-712 typed data the tests sign, describe and refuse, in one place for the server's tests and the web's: core's
// __fixtures__ is the one folder both may import (the web imports nothing of the server's but its types).

/**
 * EIP-712's own example (eips.ethereum.org/EIPS/eip-712), as viem and ethers take typed data (`primaryType`, no
 * `EIP712Domain` in the types): Cow's mail to Bob. The EIP publishes its signature by keccak256("cow") for exactly
 * this document, so change nothing here.
 */
export const etherMail = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

/**
 * The same mail on Base Sepolia (the chain the web's tests and the local devnet use), its `to` a list of one
 * (`Person[]`): what shows a nested list.
 */
export const etherMailToMany = {
  domain: { ...etherMail.domain, chainId: 84532 },
  types: {
    Person: etherMail.types.Person,
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { ...etherMail.message, to: [etherMail.message.to] },
} as const

/**
 * The `EIP712Domain` type of a domain with a name, a version, a chain and a contract: `eth_signTypedData_v4`'s
 * documents list it among their types (viem derives it from the domain instead).
 */
export const eip712DomainType = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const

/** EIP-2612's `Permit`, as USDC signs it: `spender` may take `value` of `owner`'s tokens until `deadline`. */
export const permitType = [
  { name: 'owner', type: 'address' },
  { name: 'spender', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'nonce', type: 'uint256' },
  { name: 'deadline', type: 'uint256' },
] as const

/** The least typed data there is: one line of text, for Charter on Base Sepolia, no contract to act on it. */
export const charterNote = {
  domain: { name: 'Charter', chainId: 84532 },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'Hello' },
} as const
