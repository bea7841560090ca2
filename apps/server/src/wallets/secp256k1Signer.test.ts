import { createRequire } from 'node:module'
import fc from 'fast-check'
import {
  type Address,
  bytesToHex,
  getAddress,
  type Hex,
  hashMessage,
  keccak256,
  parseSignature,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type SignableMessage,
  type TransactionSerializable,
  type TypedDataDefinition,
  toBytes,
} from 'viem'
import {
  privateKeyToAddress,
  signMessage,
  signTransaction,
  signTypedData,
  sign as viemSign,
} from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { etherMail } from '../../../../packages/core/src/__fixtures__/typedData.ts'
import {
  evmAddressOf,
  isEvmPrivateKey,
  loadNativeSecp256k1,
  type NativeSecp256k1,
  NativeSignerError,
  signDigest,
  signMessageNatively,
  signTransactionNatively,
  signTypedDataNatively,
} from './secp256k1Signer.ts'

// Every property runs this often: each run is a fresh key and input, signed by libsecp256k1 and by viem.
const runs = { numRuns: 250 }

const secp256k1Order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const privateKeyArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => {
    const scalar = BigInt(bytesToHex(bytes))
    return scalar > 0n && scalar < secp256k1Order
  })
  .map((bytes) => Buffer.from(bytes))
const hexOf = (key: Buffer): Hex => bytesToHex(key)

const bytesArb = (maxLength: number) => fc.uint8Array({ maxLength }).map((bytes) => bytesToHex(bytes))
const addressArb = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(bytesToHex(bytes)))
const uintArb = (bits: number) => fc.bigInt({ min: 0n, max: 2n ** BigInt(bits) - 1n })

describe('signDigest', () => {
  it("gives viem's signature of any 32-byte digest, r, s and yParity alike", async () => {
    await fc.assert(
      fc.asyncProperty(
        privateKeyArb,
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async (key, digest) => {
          const expected = await viemSign({ hash: bytesToHex(digest), privateKey: hexOf(key) })
          expect(signDigest(digest, key)).toEqual(expected)
          expect(signDigest(bytesToHex(digest), key)).toEqual(expected)
        },
      ),
      runs,
    )
  })

  it('is deterministic (RFC 6979): the same key and digest sign alike, another digest otherwise', () => {
    fc.assert(
      fc.property(
        privateKeyArb,
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (key, digest, other) => {
          fc.pre(bytesToHex(digest) !== bytesToHex(other))
          const first = signDigest(digest, key)
          expect(signDigest(Uint8Array.from(digest), Buffer.from(key))).toEqual(first)
          expect(signDigest(other, key).r).not.toBe(first.r)
        },
      ),
      runs,
    )
  })

  it('signs with a low s, which the chains require, and the key recovers from it', async () => {
    await fc.assert(
      fc.asyncProperty(
        privateKeyArb,
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async (key, digest) => {
          const signature = signDigest(digest, key)
          expect(BigInt(signature.s) <= secp256k1Order / 2n).toBe(true)
          expect(await recoverAddress({ hash: bytesToHex(digest), signature })).toBe(
            privateKeyToAddress(hexOf(key)),
          )
        },
      ),
      runs,
    )
  })

  it('leaves the key as it was (the caller wipes it)', () => {
    const key = Buffer.from('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'hex')
    const before = Buffer.from(key)
    signDigest(hashMessage('Some data'), key)
    expect(key.equals(before)).toBe(true)
  })
})

describe('evmAddressOf and isEvmPrivateKey', () => {
  it("gives viem's address of any key", () => {
    fc.assert(
      fc.property(privateKeyArb, (key) => {
        expect(evmAddressOf(key)).toBe(privateKeyToAddress(hexOf(key)))
      }),
      runs,
    )
  })

  it('takes a number in [1, n) and nothing else', () => {
    const of = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex')
    expect(isEvmPrivateKey(of(0n))).toBe(false)
    expect(isEvmPrivateKey(of(secp256k1Order))).toBe(false)
    expect(isEvmPrivateKey(of(2n ** 256n - 1n))).toBe(false)
    expect(isEvmPrivateKey(Buffer.alloc(31, 1))).toBe(false)
    expect(isEvmPrivateKey(of(1n))).toBe(true)
    expect(isEvmPrivateKey(of(secp256k1Order - 1n))).toBe(true)
    fc.assert(
      fc.property(privateKeyArb, (key) => {
        expect(isEvmPrivateKey(key)).toBe(true)
      }),
      runs,
    )
  })
})

describe('signMessageNatively (personal_sign)', () => {
  it("gives viem's signature of any text, the address recovers from it", async () => {
    const textArb = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary' }))
    await fc.assert(
      fc.asyncProperty(privateKeyArb, textArb, async (key, message) => {
        const signature = signMessageNatively(message, key)
        expect(signature).toBe(await signMessage({ message, privateKey: hexOf(key) }))
        expect(await recoverMessageAddress({ message, signature })).toBe(privateKeyToAddress(hexOf(key)))
      }),
      runs,
    )
  })

  it("gives viem's signature of any raw bytes, as hex or as bytes", async () => {
    await fc.assert(
      fc.asyncProperty(privateKeyArb, bytesArb(512), async (key, raw) => {
        const message: SignableMessage = { raw }
        const signature = signMessageNatively(message, key)
        expect(signature).toBe(await signMessage({ message, privateKey: hexOf(key) }))
        expect(signMessageNatively({ raw: toBytes(raw) }, key)).toBe(signature)
        expect(await recoverMessageAddress({ message, signature })).toBe(privateKeyToAddress(hexOf(key)))
      }),
      runs,
    )
  })

  it('signs a published vector as every Ethereum signer does', () => {
    // web3.js's documentation: web3.eth.accounts.sign('Some data', key).
    const key = Buffer.from('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'hex')
    expect(signMessageNatively('Some data', key)).toBe(
      '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c',
    )
  })
})

// EIP-712's own example, with arrays, nested structs and every kind of field a permit or an order uses.
const mailTypes = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'contents', type: 'string' },
    { name: 'amount', type: 'uint256' },
    { name: 'delta', type: 'int64' },
    { name: 'flag', type: 'bool' },
    { name: 'tag', type: 'bytes32' },
    { name: 'payload', type: 'bytes' },
  ],
} as const

const personArb = fc.record({ name: fc.string({ maxLength: 40 }), wallet: addressArb })
const mailArb = fc.record({
  from: personArb,
  to: fc.array(personArb, { maxLength: 3 }),
  contents: fc.string({ unit: 'grapheme', maxLength: 120 }),
  amount: uintArb(256),
  delta: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  flag: fc.boolean(),
  tag: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes)),
  payload: bytesArb(100),
})
const domainArb = fc.record(
  {
    name: fc.string({ maxLength: 30 }),
    version: fc.constantFrom('1', '2'),
    chainId: fc.integer({ min: 1, max: 2 ** 31 }),
    verifyingContract: addressArb,
    salt: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes)),
  },
  { requiredKeys: ['name'] },
)

describe('signTypedDataNatively (eth_signTypedData_v4)', () => {
  it("gives viem's signature of any EIP-712 message and domain, the address recovers from it", async () => {
    await fc.assert(
      fc.asyncProperty(privateKeyArb, domainArb, mailArb, async (key, domain, message) => {
        const definition = { domain, types: mailTypes, primaryType: 'Mail', message } as const
        const signature = signTypedDataNatively(definition as TypedDataDefinition, key)
        expect(signature).toBe(await signTypedData({ ...definition, privateKey: hexOf(key) }))
        expect(await recoverTypedDataAddress({ ...definition, signature })).toBe(
          privateKeyToAddress(hexOf(key)),
        )
      }),
      runs,
    )
  })

  it("signs EIP-712's example as the EIP says", () => {
    // The EIP's signer is keccak256("cow"); its signature is v 28, r and s as below.
    const key = Buffer.from(keccak256(toBytes('cow')).slice(2), 'hex')
    expect(parseSignature(signTypedDataNatively(etherMail, key))).toEqual({
      r: '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d',
      s: '0x07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562',
      v: 28n,
      yParity: 1,
    })
  })

  it('refuses values that do not fit their types, as viem does', async () => {
    const key = Buffer.alloc(32, 1)
    // A caller's JSON is not typed: 256 for a uint8 reaches the signer, as it reaches it from a request.
    const definition = {
      domain: { name: 'x' },
      types: { Mail: [{ name: 'amount', type: 'uint8' }] },
      primaryType: 'Mail',
      message: { amount: 256n },
    } as unknown as TypedDataDefinition
    expect(() => signTypedDataNatively(definition, key)).toThrow(/not in safe 8-bit unsigned integer range/)
    await expect(signTypedData({ ...definition, privateKey: hexOf(key) })).rejects.toThrow(
      /not in safe 8-bit unsigned integer range/,
    )
  })
})

const accessListArb = fc.array(
  fc.record({
    address: addressArb,
    storageKeys: fc.array(
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes)),
      { maxLength: 3 },
    ),
  }),
  { maxLength: 3 },
)
const commonArb = {
  chainId: fc.integer({ min: 1, max: 2 ** 32 }),
  to: fc.option(addressArb, { nil: undefined }),
  value: uintArb(256),
  nonce: fc.integer({ min: 0, max: 2 ** 32 }),
  gas: uintArb(64),
  data: bytesArb(200),
}
// The tip is part of the fee cap: viem refuses a tip above it before it signs.
const feesArb = {
  maxFeePerGas: uintArb(128),
  maxPriorityFeePerGas: uintArb(128),
}
const withTipUnderCap = <T extends { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>(fees: T): T => ({
  ...fees,
  maxPriorityFeePerGas: fees.maxFeePerGas === 0n ? 0n : fees.maxPriorityFeePerGas % (fees.maxFeePerGas + 1n),
})
const transactionArb: fc.Arbitrary<TransactionSerializable> = fc.oneof(
  // Legacy, with its chain id (EIP-155) and without it (before EIP-155: v is 27 or 28).
  fc.record({ type: fc.constant('legacy' as const), ...commonArb, gasPrice: uintArb(128) }),
  fc.record({
    type: fc.constant('legacy' as const),
    to: addressArb,
    value: uintArb(256),
    nonce: fc.nat(),
    gas: uintArb(64),
    gasPrice: uintArb(128),
  }),
  fc.record({
    type: fc.constant('eip2930' as const),
    ...commonArb,
    gasPrice: uintArb(128),
    accessList: accessListArb,
  }),
  fc
    .record({ type: fc.constant('eip1559' as const), ...commonArb, ...feesArb, accessList: accessListArb })
    .map(withTipUnderCap),
  fc
    .record({
      type: fc.constant('eip7702' as const),
      ...commonArb,
      ...feesArb,
      authorizationList: fc.array(
        fc.record({
          address: addressArb,
          chainId: fc.integer({ min: 0, max: 2 ** 32 }),
          nonce: fc.nat(),
          r: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes)),
          s: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes)),
          yParity: fc.constantFrom(0, 1),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    })
    .map(withTipUnderCap),
) as fc.Arbitrary<TransactionSerializable>

describe('signTransactionNatively (eth_signTransaction, eth_sendTransaction)', () => {
  it("gives viem's signed transaction of any legacy, EIP-2930, EIP-1559 or EIP-7702 transaction", async () => {
    await fc.assert(
      fc.asyncProperty(privateKeyArb, transactionArb, async (key, transaction) => {
        const signed = signTransactionNatively(transaction, key)
        expect(signed).toBe(await signTransaction({ transaction, privateKey: hexOf(key) }))
        expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
          privateKeyToAddress(hexOf(key)),
        )
      }),
      runs,
    )
  })

  it("signs EIP-155's example as the EIP says", () => {
    const key = Buffer.alloc(32, 0x46)
    const transaction = {
      type: 'legacy',
      chainId: 1,
      nonce: 9,
      gasPrice: 20_000_000_000n,
      gas: 21_000n,
      to: '0x3535353535353535353535353535353535353535' as Address,
      value: 10n ** 18n,
    } as const
    expect(signTransactionNatively(transaction, key)).toBe(
      '0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83',
    )
  })
})

describe('loadNativeSecp256k1', () => {
  const realRequire = createRequire(import.meta.url)

  it('loads the native binding, not the pure-JavaScript fallback', () => {
    const asked: string[] = []
    const binding = loadNativeSecp256k1((id) => {
      asked.push(id)
      return realRequire(id)
    })
    expect(asked).toEqual(['secp256k1/bindings'])
    expect(binding).toBe(realRequire('secp256k1/bindings'))
    expect(binding).not.toBe(realRequire('secp256k1/elliptic'))
  })

  it('refuses, naming the package and what to do, when the native build does not load', () => {
    const failing = (id: string) => {
      throw new Error(`No native build was found for platform=linux arch=riscv64 (${id})`)
    }
    let thrown: unknown
    try {
      loadNativeSecp256k1(failing)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(NativeSignerError)
    const message = (thrown as Error).message
    expect(message).toContain('secp256k1')
    expect(message).toContain('No native build was found for platform=linux arch=riscv64')
    expect(message).toContain('npm rebuild secp256k1')
    expect(message).toContain('node-gyp, which needs python3, make and a C++ compiler')
  })

  it('refuses a binding that loads but does not sign as RFC 6979 says', () => {
    // libsecp256k1 itself, given extra entropy for its nonce: valid signatures, but not the deterministic ones.
    const real = realRequire('secp256k1/bindings') as NativeSecp256k1
    const entropic: NativeSecp256k1 = {
      ...real,
      ecdsaSign: (digest, key) => real.ecdsaSign(digest, key, { data: new Uint8Array(32).fill(7) }),
    }
    expect(() => loadNativeSecp256k1(() => entropic)).toThrow(NativeSignerError)
    expect(() => loadNativeSecp256k1(() => entropic)).toThrow(/npm rebuild secp256k1/)
  })
})
