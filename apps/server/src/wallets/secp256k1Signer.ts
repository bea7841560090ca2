import { createRequire } from 'node:module'
import {
  type Address,
  bytesToHex,
  getAddress,
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  keccak256,
  type SignableMessage,
  type Signature,
  serializeSignature,
  serializeTransaction,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'

/** What Charter calls in libsecp256k1's Node binding (the `secp256k1` package). */
export type NativeSecp256k1 = Pick<
  typeof import('secp256k1'),
  'ecdsaSign' | 'privateKeyVerify' | 'publicKeyCreate'
>

/** The native signer could not load, or signs a known message otherwise than RFC 6979 says: the server must not start. */
export class NativeSignerError extends Error {
  override name = 'NativeSignerError'
}

// A published vector (web3.js's `accounts.sign('Some data', key)`), checked once at load: a binding that loads but
// signs otherwise (not RFC 6979, or not low-s) would give members signatures nobody else reproduces.
const knownKey = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const knownMessage = 'Some data'
const knownSignature =
  '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c'

const whatToDo =
  'Charter signs EVM wallets with it and does not fall back to pure JavaScript, several times slower. Run `npm rebuild secp256k1` in the repository (a platform without a prebuilt binary, i.e. other than linux-x64, darwin-arm64 and win32-x64, compiles it there with node-gyp, which needs python3, make and a C++ compiler), then start Charter again.'

/**
 * libsecp256k1's binding, from `secp256k1/bindings`, which throws when no native build loads: the package's main
 * entry would fall back to the pure-JavaScript `elliptic` without a word. `load` is Node's `require` (a test
 * gives one that fails).
 */
export function loadNativeSecp256k1(
  load: (id: string) => unknown = createRequire(import.meta.url),
): NativeSecp256k1 {
  let binding: NativeSecp256k1
  try {
    binding = load('secp256k1/bindings') as NativeSecp256k1
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new NativeSignerError(
      `The native build of the secp256k1 package (libsecp256k1) could not load: ${reason}. ${whatToDo}`,
      { cause },
    )
  }
  const signed = serializeSignature(signWith(binding, hashMessage(knownMessage), hexToBytes(knownKey)))
  if (signed !== knownSignature) {
    throw new NativeSignerError(
      `The native build of the secp256k1 package signs a known message as ${signed}, not as every Ethereum signer does (${knownSignature}). ${whatToDo}`,
    )
  }
  return binding
}

let native: NativeSecp256k1 | undefined

/**
 * Loads the native signer once, or throws `NativeSignerError` saying what to do. The server calls it before
 * anything else starts, so that it refuses to start rather than fail at the first signature.
 */
export function nativeSecp256k1(): NativeSecp256k1 {
  native ??= loadNativeSecp256k1()
  return native
}

function signWith(binding: NativeSecp256k1, digest: Hex | Uint8Array, privateKey: Uint8Array): Signature {
  const { signature, recid } = binding.ecdsaSign(
    typeof digest === 'string' ? hexToBytes(digest) : digest,
    privateKey,
  )
  // The shape viem's signers give: `v` 27 or 28 beside `yParity`, as serializeSignature and the serialisers take.
  return {
    r: bytesToHex(signature.subarray(0, 32)),
    s: bytesToHex(signature.subarray(32, 64)),
    v: recid === 1 ? 28n : 27n,
    yParity: recid,
  }
}

/**
 * An ECDSA signature of a 32-byte digest by libsecp256k1: RFC 6979's deterministic nonce and a low `s`, so the
 * same key and digest give viem's signature, byte for byte. The key is read where it lies (the caller's Buffer,
 * which it wipes after use), never copied into a string.
 */
export function signDigest(digest: Hex | Uint8Array, privateKey: Uint8Array): Signature {
  return signWith(nativeSecp256k1(), digest, privateKey)
}

/** Whether 32 bytes are a secp256k1 private key: a number in [1, n), n the curve's order; read in place. */
export function isEvmPrivateKey(privateKey: Uint8Array): boolean {
  return privateKey.length === 32 && nativeSecp256k1().privateKeyVerify(privateKey)
}

/** The EVM address of a key (the last 20 bytes of keccak256 of its public key), the key read in place. */
export function evmAddressOf(privateKey: Uint8Array): Address {
  const publicKey = nativeSecp256k1().publicKeyCreate(privateKey, false)
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`)
}

/** EIP-191 (`personal_sign`): viem's `signMessage`, signed natively. */
export function signMessageNatively(message: SignableMessage, privateKey: Uint8Array): Hex {
  return serializeSignature(signDigest(hashMessage(message), privateKey))
}

/** EIP-712: viem's `signTypedData`; viem hashes, and so refuses values that do not fit their types. */
export function signTypedDataNatively(definition: TypedDataDefinition, privateKey: Uint8Array): Hex {
  return serializeSignature(signDigest(hashTypedData(definition), privateKey))
}

/** A transaction, serialised with its signature: viem's `signTransaction` (legacy, EIP-2930, EIP-1559, EIP-7702). */
export function signTransactionNatively(transaction: TransactionSerializable, privateKey: Uint8Array): Hex {
  // An EIP-4844 transaction is signed without its sidecars, as viem signs it.
  const signable = transaction.type === 'eip4844' ? { ...transaction, sidecars: false as const } : transaction
  return serializeTransaction(transaction, signDigest(keccak256(serializeTransaction(signable)), privateKey))
}
