import { oneTimeCodePattern } from '@charter/core'
import fc from 'fast-check'
import { eip712DomainType, etherMail } from '../../../../packages/core/src/__fixtures__/typedData.ts'
import {
  apiPath,
  cleanString,
  compound,
  deepNesting,
  hostileSegment,
  hostileValue,
  placeholder,
  type QueryPart,
  rawNumber,
  shape,
  webPath,
  wrongValue,
} from './arbitraries.ts'
import { fuzzAppId } from './fuzzAppId.ts'
import { JsonEntries, Placeholder, type PlaceholderName } from './jsonText.ts'

/**
 * Every route of the app with the shape of its body, its path parameters and whether it needs a session:
 * the fuzz suite's table. A new route is one more entry here; `routeCoverage.test.ts` fails, naming the route,
 * until it is.
 */

/**
 * `public`: anyone; `session`: a signed-in member; `signed`: a member's request signed with their device key;
 * `app`: the app's own server, with the app secret; `outbox`: whoever started the server, with the dev outbox
 * token; `pinning`: a holder of a pinning key (Charter's own pinning service, Pinata's shape).
 */
export type Access = 'public' | 'session' | 'signed' | 'app' | 'outbox' | 'pinning'

export type FuzzRoute = {
  /** `*` for the catch-all: any method. */
  method: string
  /** With `:name` for each path parameter. */
  path: string
  access: Access
  /** Bodies of the route's own shape (their fields sometimes hostile); other bodies are fuzzed besides. */
  body?: fc.Arbitrary<unknown>
  params?: Record<string, fc.Arbitrary<string | Placeholder>>
  query?: fc.Arbitrary<QueryPart[]>
  /**
   * A 2xx may end, rotate or fill the member's sessions (logout, refresh, key registration), which then sign in
   * afresh: `used`, the sessions the case carried or named; `named`, only those it named (by id).
   */
  spendsSession?: 'used' | 'named'
  /** The route registers the device key itself, so the member's session starts without one. */
  registersDeviceKey?: boolean
}

export const routeName = (route: FuzzRoute) => `${route.method === '*' ? 'ANY' : route.method} ${route.path}`

// ---------------------------------------------------------------------------------------------------------
// Field values: good ones, near misses, and the fuzz member's own

const email = fc.oneof(
  { weight: 3, arbitrary: placeholder('member.email') },
  { weight: 3, arbitrary: placeholder('fresh.email') },
  { weight: 2, arbitrary: fc.emailAddress() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'a@b',
      'A@EXAMPLE.ORG',
      'name+tag@example.org',
      ' spaced@example.org ',
      'dots..dots@example.org',
      'ünï@exämple.org',
      'a@[127.0.0.1]',
      '"quoted"@example.org',
      'a@example.org\u0000',
      'a\ud800@example.org',
      `${'a'.repeat(242)}@example.org`,
      `${'a'.repeat(250)}@example.org`,
      '@example.org',
      'a@',
      'a@@example.org',
    ),
  },
)

const phone = fc.oneof(
  { weight: 3, arbitrary: placeholder('member.phone') },
  { weight: 3, arbitrary: placeholder('fresh.phone') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '+14155552671',
      '+1 (415) 555-2671',
      '+1-415-555-2671',
      '14155552671',
      '+44 7400 123456',
      '+999 1234 5678',
      '+1415',
      '+1 415 555 26711234567890',
      '++14155552671',
      '+1 415 555 2671 ext. 12',
      '+１４１５５５５２６７１',
      '+१४१५५५५२६७१',
      '+0',
      '+',
      '+14155552671\u0000',
      'tel:+14155552671',
      '+1 415 555 2671\ud800',
    ),
  },
  { weight: 2, arbitrary: fc.stringMatching(/^\+?[0-9 ()-]{0,24}$/) },
)

const code = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(oneTimeCodePattern) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '000000',
      '12345',
      '1234567',
      '１２３４５６',
      '١٢٣٤٥٦',
      ' 123456',
      '12345\u0000',
    ),
  },
)

const signInMode = fc.constantFrom('login-or-sign-up', 'no-signup', 'sign-up', '')

const hexData = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^0x([0-9a-f]{2}){0,40}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('0x', '0x1', '0xzz', '0X00', 'deadbeef', `0x${'00'.repeat(20_000)}`),
  },
)

const address = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^0x[0-9a-f]{40}$/) },
  // Mixed case that is almost never a valid EIP-55 checksum.
  { weight: 1, arbitrary: fc.stringMatching(/^0x[0-9a-fA-F]{40}$/) },
  { weight: 1, arbitrary: placeholder('member.evmAddress') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
      '0xCD2A3D9F938E13CD947EC05ABC7FE734DF8DD826',
      '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD827',
      `0x${'0'.repeat(40)}`,
      'CD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      `0x${'g'.repeat(40)}`,
      `0x${'f'.repeat(41)}`,
      '0x',
    ),
  },
)

/** Amounts, nonces and chain ids: numbers, decimal strings, 0x hex, at and past every limit. */
const quantity = fc.oneof(
  fc.nat(),
  fc.constantFrom(1, 10, 137, 8453, 42161, 11155111, 0, -1, 1.5, 2 ** 53 - 1, 2 ** 53, 1e21),
  fc.constantFrom(
    '0x1',
    '0x2105',
    '1',
    '0x',
    '0x0',
    `0x${'f'.repeat(64)}`,
    '9'.repeat(78),
    `0x${'f'.repeat(65)}`,
    '-1',
    '1e3',
    ' 1',
    '0X1',
  ),
  fc.bigInt({ min: 0n, max: 2n ** 256n }).map((value) => value.toString()),
  fc.bigInt({ min: 0n, max: 2n ** 256n }).map((value) => `0x${value.toString(16)}`),
  rawNumber,
)

const mailTypes = { EIP712Domain: eip712DomainType, ...etherMail.types }

const fieldType = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'address',
      'uint256',
      'uint8',
      'int256',
      'int8',
      'bool',
      'string',
      'bytes',
      'bytes32',
      'bytes1',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Person',
      'Mail',
      'Group',
      'Person[]',
      'string[]',
      'uint256[2]',
      'bytes32[][]',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'uint7',
      'uint257',
      'int0',
      'bytes0',
      'bytes33',
      'uint',
      'int',
      'tuple',
      'function',
      'fixed128x18',
      'address payable',
      'Unknown',
      '',
      'Person[',
      'string[-1]',
      'uint256[99999999999]',
      'EIP712Domain',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

const inheritedNames = ['constructor', 'hasOwnProperty', 'toString', 'valueOf', '__proto__'] as const

const typeFieldName = fc.oneof(
  fc.constantFrom('from', 'to', 'name', 'wallet', 'contents', 'value', 'members'),
  fc.constantFrom(...inheritedNames),
  fc.string({ maxLength: 8 }),
)

const typedDataTypes = fc.oneof(
  { weight: 2, arbitrary: fc.constant(mailTypes) },
  {
    weight: 3,
    arbitrary: fc.dictionary(
      fc.oneof(
        fc.constantFrom('Mail', 'Person', 'Group', 'EIP712Domain', 'constructor', 'toString'),
        fc.string({ maxLength: 8 }),
      ),
      fc.array(shape({ name: typeFieldName, type: fieldType }), { maxLength: 4 }),
      { maxKeys: 4 },
    ),
  },
)

const typedDataValue = fc.oneof(
  address,
  quantity,
  hexData,
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.array(fc.oneof(address, quantity, fc.string({ maxLength: 8 })), { maxLength: 3 }),
  wrongValue,
)

const person = shape({ name: fc.string({ maxLength: 20 }), wallet: address })

const typedDataMessage = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constant(etherMail.message),
  },
  { weight: 2, arbitrary: shape({ from: person, to: person, contents: fc.string({ maxLength: 40 }) }) },
  { weight: 2, arbitrary: fc.dictionary(typeFieldName, typedDataValue, { maxKeys: 4 }) },
)

const typedDataDomain = shape(
  {
    name: fc.string({ maxLength: 20 }),
    version: fc.constantFrom('1', '2'),
    chainId: fc.oneof(quantity, fc.constantFrom<unknown>('1e3', 1.5, {}, [], true, null)),
    verifyingContract: address,
    salt: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{64}$/), hexData),
  },
  ['name', 'version', 'chainId', 'verifyingContract', 'salt'],
)

/** A valid value for each EIP-712 type the coherent typed data uses; `typedField` mixes in the wrong ones. */
const typedValues: Record<string, fc.Arbitrary<unknown>> = {
  uint256: fc.oneof(
    fc.nat(),
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((value) => value.toString()),
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((value) => `0x${value.toString(16)}`),
  ),
  int8: fc.integer({ min: -128, max: 127 }),
  bool: fc.boolean(),
  bytes: fc.stringMatching(/^0x([0-9a-f]{2}){0,40}$/),
  bytes32: fc.stringMatching(/^0x[0-9a-f]{64}$/),
  string: fc.string({ maxLength: 20 }),
  address: fc.stringMatching(/^0x[0-9a-fA-F]{40}$/).map((text) => text.toLowerCase()),
  'uint8[2]': fc.array(fc.nat(255), { minLength: 2, maxLength: 2 }),
  'string[]': fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
}
/** Values of the wrong kind for some EIP-712 type: out of range, wrong length, not numbers, not arrays. */
const wrongTypedValue = fc.oneof(
  quantity,
  hexData,
  address,
  fc.constantFrom<unknown>(-1, 256, 1.5, 'yes', 'ab', '0x', [1], [1, 2, 3], {}, null),
)
const valuesFields = Object.keys(typedValues).map((type, index) => ({ name: `f${index}`, type }))
const coherentTypes = { ...mailTypes, Values: valuesFields }
const anyTypedValue = fc.oneof(...Object.values(typedValues), wrongTypedValue)

/** A field's value: of its own type, of another EIP-712 type, or anything at all. */
const typedField = (own: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: own },
    { weight: 1, arbitrary: anyTypedValue },
    { weight: 1, arbitrary: wrongValue },
  )

const personValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      name: typedField(fc.string({ maxLength: 10 })),
      wallet: typedField(typedValues.address as fc.Arbitrary<unknown>),
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('x', null, [], 5, {}) },
)

/**
 * Typed data whose types, primary type and message agree, so the message's values reach the signer: each
 * value of its own type, another type, or anything.
 */
const coherentTypedData = fc
  .tuple(
    typedDataDomain,
    fc.oneof(
      fc.record({
        primary: fc.constant('Mail'),
        message: fc.record({
          from: personValue,
          to: personValue,
          contents: typedField(fc.string({ maxLength: 20 })),
        }),
      }),
      fc.record({
        primary: fc.constant('Values'),
        message: fc.record(
          Object.fromEntries(
            valuesFields.map(({ name, type }) => [
              name,
              typedField(typedValues[type] as fc.Arbitrary<unknown>),
            ]),
          ),
        ),
      }),
    ),
  )
  .map(
    ([domain, { primary, message }]) =>
      new JsonEntries([
        ['domain', domain],
        ['types', coherentTypes],
        ['message', message],
        ['primary_type', primary],
      ]),
  )

const typedData = compound(
  fc.oneof(
    { weight: 4, arbitrary: coherentTypedData },
    {
      weight: 1,
      arbitrary: shape({
        domain: typedDataDomain,
        types: typedDataTypes,
        message: typedDataMessage,
        primary_type: fc.oneof(
          fc.constantFrom('Mail', 'Person', 'Group', 'EIP712Domain', '', ...inheritedNames),
          fc.string({ maxLength: 8 }),
        ),
      }),
    },
  ),
)

const transaction = shape(
  {
    chain_id: quantity,
    // Privy's clients name the signing wallet: the member's own address (any case), or another.
    from: fc.oneof(
      placeholder('member.evmAddress'),
      placeholder('member.evmAddress', { lowercase: true }),
      address,
    ),
    to: address,
    value: quantity,
    data: hexData,
    nonce: quantity,
    gas_limit: quantity,
    gas_price: quantity,
    max_fee_per_gas: quantity,
    max_priority_fee_per_gas: quantity,
    type: fc.constantFrom(0, 2, '0x0', '0x2', 1, '0x1', 3, 'legacy'),
  },
  [
    'from',
    'to',
    'value',
    'data',
    'nonce',
    'gas_limit',
    'gas_price',
    'max_fee_per_gas',
    'max_priority_fee_per_gas',
    'type',
  ],
)

const base64 = fc.oneof(
  { weight: 3, arbitrary: fc.base64String({ minLength: 1, maxLength: 200 }) },
  {
    weight: 2,
    arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'A',
      '=',
      'AA==',
      'AAA=',
      'A===',
      'aGVsbG8',
      '////',
      'x'.repeat(16_384),
      'x'.repeat(16_385),
    ),
  },
)

/** A Solana wire transaction around the member's key, well or badly formed (see Member.solanaTransaction). */
const solanaTransaction = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        version: fc.constantFrom(null, null, 0, 0, 1, 127),
        requiredSignatures: fc.integer({ min: 0, max: 4 }),
        slotsDelta: fc.constantFrom(0, 0, 0, 1, -1),
        memberAt: fc.integer({ min: -1, max: 4 }),
        extraAccounts: fc.integer({ min: 0, max: 3 }),
        tail: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }),
        cut: fc.oneof(
          { weight: 4, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }) },
        ),
      })
      .map((spec) => new Placeholder('solanaTransaction', spec)),
  },
  { weight: 1, arbitrary: base64 },
)

/** A base64url string, as WebAuthn's binary fields travel; sometimes one no decoder takes. */
const base64url = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,96}$/) },
  { weight: 1, arbitrary: fc.constantFrom('', '====', 'a+b/c', 'e30', 'bnVsbA') },
)
const relyingPartyNamed = fc.constantFrom('localhost', 'http://localhost', 'evil.example', '127.0.0.1', '')
/** A new credential's answer (`link`), in Privy's shape, made by no authenticator. */
const registrationAnswer = shape({
  id: base64url,
  raw_id: base64url,
  type: fc.constantFrom('public-key', 'private-key'),
  response: shape({
    client_data_json: base64url,
    attestation_object: base64url,
    transports: fc.array(fc.string()),
  }),
  client_extension_results: shape({}),
})
/** An assertion (sign-in, proofs), in Privy's shape, made by no authenticator. */
const assertionAnswer = shape({
  id: base64url,
  raw_id: base64url,
  type: fc.constant('public-key'),
  response: shape({ client_data_json: base64url, authenticator_data: base64url, signature: base64url }),
  client_extension_results: shape({}),
})

const walletChainType = fc.constantFrom('ethereum', 'solana', 'bitcoin', 'ETHEREUM', '')

const rpcBody = fc.oneof(
  {
    weight: 3,
    arbitrary: shape({
      method: fc.constant('personal_sign'),
      params: shape({
        message: fc.oneof(
          fc.string(),
          hexData,
          // Bytes as Privy's clients send them (no 0x), and text that is no hex of whole bytes.
          fc.stringMatching(/^([0-9a-fA-F]{2}){0,40}$/),
          fc.constantFrom('zz', 'abc', '0xabc', ' dead', '0x0xde', ''),
          cleanString,
          fc.constantFrom('x'.repeat(32_768), 'x'.repeat(32_769)),
        ),
        encoding: fc.constantFrom('utf-8', 'hex', 'utf8', 'base64'),
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: shape({
      method: fc.constant('eth_signTypedData_v4'),
      params: shape({ typed_data: typedData }),
    }),
  },
  {
    weight: 3,
    arbitrary: shape({ method: fc.constant('eth_signTransaction'), params: shape({ transaction }) }),
  },
  {
    weight: 2,
    arbitrary: shape(
      {
        method: fc.constant('eth_sendTransaction'),
        caip2: fc.oneof(fc.constantFrom('eip155:84532', 'eip155:1', 'eip155:0', 'solana:x', ''), cleanString),
        params: shape({ transaction, allow_high_fee: fc.oneof(fc.boolean(), wrongValue) }),
      },
      ['caip2'],
    ),
  },
  {
    weight: 2,
    arbitrary: shape({
      method: fc.constant('signMessage'),
      params: shape({ message: base64, encoding: fc.constantFrom('base64', 'hex') }),
    }),
  },
  {
    weight: 2,
    arbitrary: shape({
      method: fc.constant('signTransaction'),
      params: shape({ transaction: solanaTransaction, encoding: fc.constantFrom('base64', 'base58') }),
    }),
  },
  {
    weight: 2,
    arbitrary: shape(
      {
        method: fc.constant('signAndSendTransaction'),
        caip2: fc.oneof(
          fc.constantFrom(
            'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
            'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
            'eip155:84532',
            'solana:x',
            '',
          ),
          cleanString,
        ),
        params: shape({ transaction: solanaTransaction, encoding: fc.constantFrom('base64', 'base58') }),
      },
      ['caip2'],
    ),
  },
  {
    weight: 1,
    arbitrary: shape({
      method: fc.oneof(
        fc.constantFrom(
          'eth_sign',
          'eth_sendTransaction',
          'signAndSendTransaction',
          '__proto__',
          'constructor',
          'toString',
          'hasOwnProperty',
          '',
          'x'.repeat(65),
        ),
        cleanString,
      ),
      params: wrongValue,
    }),
  },
)

/** Mostly the member's wallet the body's method runs on, so the params reach the signer. */
const walletId = fc.oneof(
  { weight: 12, arbitrary: placeholder('member.walletForMethod') },
  { weight: 1, arbitrary: placeholder('member.evmWallet') },
  { weight: 1, arbitrary: placeholder('member.solanaWallet') },
  { weight: 1, arbitrary: placeholder('other.evmWallet') },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: hostileSegment },
)

const publicKey = fc.oneof(
  { weight: 3, arbitrary: placeholder('fresh.publicKey') },
  { weight: 2, arbitrary: placeholder('member.publicKey') },
  { weight: 1, arbitrary: placeholder('wrongCurve.publicKey') },
  { weight: 1, arbitrary: placeholder('ed25519.publicKey') },
  { weight: 2, arbitrary: fc.base64String({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'MFkw', 'x'.repeat(513), '====', 'AAAA', '-_-_') },
)

const analyticsPayload = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(wrongValue, wrongValue, hostileValue), { maxKeys: 5 }),
  fc.constantFrom(
    {},
    { text: 'x'.repeat(4_080) },
    { text: 'x'.repeat(4_090) },
    { text: '\u0000' },
    { text: '\ud800' },
  ),
  fc.constantFrom('\u0000', '\ud800').map((text) => ({ [text]: 1 })),
  deepNesting.map((nested) => ({ nested })),
)

/**
 * Users as the server API names them in its paths: the member's, a stranger's, made-up DIDs, hostile ones.
 */
const userId = fc.oneof(
  { weight: 3, arbitrary: placeholder('member.userId') },
  { weight: 2, arbitrary: fc.stringMatching(/^did:charter:[0-9a-z]{25}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('me', 'did:privy:cm3np4u9j001rc8b73seqmqqk', 'did:charter:', 'DID:CHARTER:A1'),
  },
  { weight: 2, arbitrary: hostileSegment },
)

const walletAddress = fc.oneof(
  { weight: 3, arbitrary: address },
  { weight: 1, arbitrary: placeholder('member.evmAddress') },
  { weight: 1, arbitrary: placeholder('member.solanaAddress') },
  { weight: 1, arbitrary: fc.base64String({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('11111111111111111111111111111111', '0OIl', '1'.repeat(100), 'é', ''),
  },
)

// ---------------------------------------------------------------------------------------------------------
// The table

const signInFamilies = [
  {
    path: '/api/v1/passwordless_sms',
    address: 'phoneNumber',
    oldAddress: 'old_phone_number',
    newAddress: 'new_phone_number',
    good: phone,
    signIn: 'signIn.sms',
    link: 'link.sms',
  },
  {
    path: '/api/v1/passwordless',
    address: 'email',
    oldAddress: 'oldAddress',
    newAddress: 'newAddress',
    good: email,
    signIn: 'signIn.email',
    link: 'link.email',
  },
] as const

const signInRoutes = signInFamilies.flatMap((family): FuzzRoute[] => [
  {
    method: 'POST',
    path: `${family.path}/init`,
    access: 'public',
    body: shape(
      {
        [family.address]: family.good,
        token: cleanString,
        purpose: fc.constantFrom('sign-in', 'link', 'change', 'register-key', ''),
      },
      ['token', 'purpose'],
    ),
  },
  {
    method: 'POST',
    path: `${family.path}/authenticate`,
    access: 'public',
    body: fc.oneof(
      {
        weight: 8,
        arbitrary: shape(
          { [family.address]: family.good, code, mode: signInMode, authorization_key: publicKey },
          ['mode', 'authorization_key'],
        ),
      },
      // A real code from the dev outbox, so sign-in itself (and a new user's wallets) is reached.
      {
        weight: 1,
        arbitrary: fc
          .record({ mode: fc.option(signInMode), key: fc.boolean() })
          .map(
            ({ mode, key }) =>
              new Placeholder(family.signIn, { ...(mode === null ? {} : { mode }), deviceKey: key }),
          ),
      },
    ),
  },
  {
    method: 'POST',
    path: `${family.path}/link`,
    access: 'signed',
    body: fc.oneof(
      { weight: 6, arbitrary: shape({ [family.address]: family.good, code }) },
      // A new address with the real code sent to it, so linking itself is reached.
      { weight: 1, arbitrary: placeholder(family.link) },
    ),
  },
  {
    method: 'POST',
    path: `${family.path}/update`,
    access: 'signed',
    body: shape(
      { [family.oldAddress]: family.good, [family.newAddress]: family.good, code, step_up_code: code },
      ['step_up_code'],
    ),
  },
])

/** A chain id in a path: the offered ones, others, and hostile segments. */
/** A signed sign-in message: near a real one (so the line checks are reached), or anything. */
const signInMessage = fc.oneof(
  { weight: 2, arbitrary: cleanString },
  {
    weight: 3,
    arbitrary: fc
      .record({
        family: fc.constantFrom('Ethereum', 'Solana'),
        address: fc.oneof(
          fc.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          fc.constantFrom('11111111111111111111111111111111', 'So11111111111111111111111111111111111111112'),
        ),
        domain: fc.constantFrom('localhost', '127.0.0.1', 'evil.example', ''),
        chain: fc.constantFrom('1', '84532', '31337', 'devnet', 'localnet', '0', ''),
        nonce: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), cleanString),
        issuedAt: fc.oneof(fc.constant(new Date().toISOString()), cleanString),
        extra: fc.constantFrom('', '\nURI: https://evil.example', '\r\n', '\nResources:\n- x'),
      })
      .map(
        (m) =>
          `${m.domain} wants you to sign in with your ${m.family} account:\n${m.address}\n\nSign in.\n\nURI: http://${m.domain}/\nVersion: 1\nChain ID: ${m.chain}\nNonce: ${m.nonce}\nIssued At: ${m.issuedAt}${m.extra}`,
      ),
  },
)

const signInSignature = fc.oneof(
  hexData,
  fc.base64String({ minLength: 88, maxLength: 88 }),
  fc.constantFrom('', '0x', `0x${'00'.repeat(65)}`, '1'.repeat(88), 'not hex'),
  cleanString,
)

const walletClientName = fc.oneof(fc.constantFrom('metamask', 'phantom', 'injected', 'unknown'), cleanString)
const evmChainIdField = fc.oneof(
  fc.constantFrom(84532, '84532', 'eip155:84532', 1, 'eip155:1', 0, -1, 'solana:devnet', 1e300),
  wrongValue,
)

/** Sign-In with Ethereum and with Solana: nonces, sign-in, and the signed account changes. */
const walletSignInRoutes: FuzzRoute[] = (['siwe', 'siws'] as const).flatMap((family): FuzzRoute[] => {
  const evm = family === 'siwe'
  const signed = {
    message: signInMessage,
    signature: signInSignature,
    walletClientType: walletClientName,
    connectorType: walletClientName,
    ...(evm ? { chainId: evmChainIdField } : {}),
  }
  return [
    {
      method: 'POST',
      path: `/api/v1/${family}/init`,
      access: 'public',
      body: shape({ address: walletAddress, token: cleanString }, ['token']),
    },
    {
      method: 'POST',
      path: `/api/v1/${family}/authenticate`,
      access: 'public',
      body: shape({ ...signed, mode: signInMode, authorization_key: publicKey }, [
        'mode',
        'authorization_key',
      ]),
    },
    { method: 'POST', path: `/api/v1/${family}/link`, access: 'signed', body: shape(signed) },
    {
      method: 'POST',
      path: `/api/v1/${family}/unlink`,
      access: 'signed',
      body: shape({ address: walletAddress }),
    },
  ]
})

const chainIdSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('84532', '421614', 'devnet') },
  { weight: 1, arbitrary: fc.constantFrom('1', 'mainnet-beta', '0x14a34', '84532.0', 'localhost', '..') },
  { weight: 1, arbitrary: hostileSegment },
)

/** One JSON-RPC call for the proxy: allowed and refused methods, good and hostile params and ids. */
const jsonRpcCall = shape(
  {
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.oneof(fc.nat(), cleanString),
    method: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'eth_blockNumber',
          'eth_chainId',
          'eth_getBalance',
          'eth_call',
          'eth_getLogs',
          'getBalance',
          'getTokenAccountsByOwner',
          'getLatestBlockhash',
        ),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'eth_sendTransaction',
          'personal_sign',
          'eth_sign',
          'anvil_setBalance',
          'debug_traceCall',
          'requestAirdrop',
          'constructor',
          '__proto__',
        ),
      },
      { weight: 1, arbitrary: cleanString },
    ),
    params: fc.oneof(
      fc.constant([]),
      fc.constant(['0x00000000000000000000000000000000000c0ffe', 'latest']),
      fc.constant([{ fromBlock: '0x0', toBlock: 'latest' }]),
      fc.constant(['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM']),
      fc.array(wrongValue, { maxLength: 3 }),
    ),
  },
  ['id', 'params'],
)

/** A CID in a path: pinned ones of both versions, unknown ones, near misses and hostile segments. */
const cid = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH',
      'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
      'bafkreid7qoywk77r7rj3slobqfekdvs57qwuwh5d2z3sqsw52iabe3mqne',
      'bafybeihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
      'zdj7WWeQ43G6JJvLWQWZpyHuAMq6uYWRjkBXFad11vE2LHhQ7',
      'k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Qm',
      'Qm0OIl',
      'bafy',
      'b',
      'z',
      'f01701220',
      'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5',
    ),
  },
  { weight: 2, arbitrary: hostileSegment },
)

/** A document to pin: mostly a role document's shape, sometimes any JSON value at all. */
const pinContent = fc.oneof(
  {
    weight: 3,
    arbitrary: compound(
      shape({
        name: cleanString,
        description: fc.string(),
        responsibilities: fc.array(shape({ label: cleanString, link: fc.webUrl() }, ['link']), {
          maxLength: 3,
        }),
      }),
    ),
  },
  { weight: 1, arbitrary: hostileValue },
)

/** An organisation's or a role's document: the core's shape, sometimes hostile, sometimes not a document at all. */
const documentBody = shape({
  document: fc.oneof(
    { weight: 3, arbitrary: compound(shape({ type: fc.constant('1.0'), data: pinContent })) },
    { weight: 1, arbitrary: hostileValue },
  ),
})
/** Ids of organisations, roles, invitations and members: UUIDs nobody has, the member's own id, or hostile. */
const someId = fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 2, arbitrary: hostileSegment })
const memberId = fc.oneof(
  { weight: 2, arbitrary: placeholder('member.userId') },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: hostileSegment },
)
const membershipValue = fc.oneof(fc.constantFrom('admin', 'member'), wrongValue)

/** Organisations, their roles, members and invitations (organizations/). */
const organizationRouteRows: FuzzRoute[] = [
  { method: 'POST', path: '/api/v1/organizations', access: 'signed', body: documentBody },
  { method: 'GET', path: '/api/v1/organizations', access: 'session' },
  { method: 'GET', path: '/api/v1/organizations/colleagues', access: 'session' },
  { method: 'GET', path: '/api/v1/organizations/:id', access: 'session', params: { id: someId } },
  {
    method: 'PUT',
    path: '/api/v1/organizations/:id/document',
    access: 'signed',
    params: { id: someId },
    body: documentBody,
  },
  { method: 'GET', path: '/api/v1/organizations/:id/history', access: 'session', params: { id: someId } },
  {
    method: 'POST',
    path: '/api/v1/organizations/:id/roles',
    access: 'signed',
    params: { id: someId },
    body: documentBody,
  },
  {
    method: 'PUT',
    path: '/api/v1/organizations/:id/roles/:role_id',
    access: 'signed',
    params: { id: someId, role_id: someId },
    body: documentBody,
  },
  {
    method: 'DELETE',
    path: '/api/v1/organizations/:id/roles/:role_id',
    access: 'signed',
    params: { id: someId, role_id: someId },
  },
  {
    method: 'GET',
    path: '/api/v1/organizations/:id/roles/:role_id/history',
    access: 'session',
    params: { id: someId, role_id: someId },
  },
  {
    method: 'POST',
    path: '/api/v1/organizations/:id/invitations',
    access: 'signed',
    params: { id: someId },
    body: fc.oneof(
      shape({ phone_number: phone, membership: membershipValue }, ['membership']),
      shape({ email, membership: membershipValue }, ['membership']),
    ),
  },
  {
    method: 'DELETE',
    path: '/api/v1/organizations/:id/invitations/:invitation_id',
    access: 'signed',
    params: { id: someId, invitation_id: someId },
  },
  { method: 'GET', path: '/api/v1/invitations', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/invitations/:invitation_id/accept',
    access: 'signed',
    params: { invitation_id: someId },
  },
  {
    method: 'POST',
    path: '/api/v1/invitations/:invitation_id/decline',
    access: 'signed',
    params: { invitation_id: someId },
  },
  {
    method: 'PUT',
    path: '/api/v1/organizations/:id/members/:user_id/roles/:role_id',
    access: 'signed',
    params: { id: someId, user_id: memberId, role_id: someId },
  },
  {
    method: 'DELETE',
    path: '/api/v1/organizations/:id/members/:user_id/roles/:role_id',
    access: 'signed',
    params: { id: someId, user_id: memberId, role_id: someId },
  },
  {
    method: 'PATCH',
    path: '/api/v1/organizations/:id/members/:user_id',
    access: 'signed',
    params: { id: someId, user_id: memberId },
    body: shape({ membership: membershipValue }),
  },
  {
    method: 'DELETE',
    path: '/api/v1/organizations/:id/members/:user_id',
    access: 'signed',
    params: { id: someId, user_id: memberId },
  },
  { method: 'GET', path: '/api/v1/my_roles', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/organizations/:id/invitations/:invitation_id/resend',
    access: 'signed',
    params: { id: someId, invitation_id: someId },
  },
  {
    method: 'GET',
    path: '/api/v1/invitations/link/:token',
    access: 'session',
    params: {
      token: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), hostileSegment),
    },
  },
  { method: 'GET', path: '/api/v1/my_name', access: 'session' },
  {
    method: 'PUT',
    path: '/api/v1/my_name',
    access: 'signed',
    body: shape({
      display_name: fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.constantFrom('', ' Ana ', 'A\u202eB', 'x'.repeat(81)),
      ),
    }),
  },
]

/** Charter's own pinning service and its gateway, at the root as Pinata and IPFS gateways have them. */
const pinningRoutes: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/pinning/pinJSONToIPFS',
    access: 'pinning',
    body: shape(
      {
        pinataContent: pinContent,
        pinataMetadata: compound(shape({ name: cleanString }, ['name'])),
        pinataOptions: compound(shape({ cidVersion: fc.constantFrom(0, 1) }, ['cidVersion'])),
      },
      ['pinataMetadata', 'pinataOptions'],
    ),
  },
  // The cancel link of a held action's notice: 64 hex digits name one; none here does.
  ...(['GET', 'POST'] as const).map(
    (method): FuzzRoute => ({
      method,
      path: '/held/:token',
      access: 'public',
      params: {
        token: fc.oneof(
          { weight: 2, arbitrary: fc.stringMatching(/^[0-9a-f]{64}$/) },
          { weight: 3, arbitrary: hostileSegment },
        ),
      },
    }),
  ),
  {
    method: 'GET',
    path: '/ipfs/:cid',
    access: 'public',
    params: { cid },
    query: fc.oneof(
      { weight: 3, arbitrary: fc.constant<QueryPart[]>([]) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<QueryPart[]>(
          ['format=raw'],
          ['format=car'],
          ['format='],
          ['format=raw&format=x'],
        ),
      },
      { weight: 1, arbitrary: hostileSegment.map((value): QueryPart[] => [`format=${value}`]) },
    ),
  },
]

/** An on-ramp network name: the ones the sandbox funds, others, and hostile ones. */
const onrampNetwork = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('base', 'arbitrum', 'solana') },
  { weight: 1, arbitrary: fc.constantFrom('ethereum', 'optimism', 'avacchain', 'BASE', '', '__proto__') },
  { weight: 1, arbitrary: cleanString },
)

/** The sandbox page's query, as `buildOnrampUrl` writes it, with values near and far from a real link's. */
const sandboxQuery = fc.oneof(
  { weight: 1, arbitrary: fc.constant<QueryPart[]>([]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(hostileSegment, fc.constantFrom('base', 'solana', 'x'), fc.constantFrom('25', '.5', '-1', ''))
      .map(([token, network, amount]): QueryPart[] => [
        `appId=${fuzzAppId}&sessionToken=${token}&endPartnerName=privy%3A${fuzzAppId}&defaultExperience=buy`,
        `&presetCryptoAmount=${amount}&defaultNetwork=${network}&defaultPaymentMethod=CARD`,
        '&defaultAsset=2b92315d-eab7-5bef-84fa-089a131333f5&partnerUserId=abc',
      ]),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<QueryPart[]>(
      ['sessionToken=a&sessionToken=b'],
      ['sessionToken=%00'],
      ['sessionToken=%ED%A0%80'],
      [`sessionToken=${'a'.repeat(5000)}`],
    ),
  },
)

/** The funding routes and the on-ramp sandbox's buy page (onramp/). */
const fundingRouteRows: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/funding/coinbase_on_ramp/init',
    access: 'session',
    body: shape(
      {
        addresses: fc.array(
          shape({
            address: fc.oneof(
              placeholder('member.evmAddress'),
              placeholder('member.solanaAddress'),
              fc.constantFrom('0x00000000000000000000000000000000000c0ffe', 'not-an-address', ''),
            ),
            blockchains: fc.array(onrampNetwork, { maxLength: 10 }),
          }),
          { maxLength: 7 },
        ),
        assets: fc.array(fc.constantFrom('USDC', 'ETH', 'SOL', 'usdc', '', '__proto__', 'x'.repeat(41)), {
          maxLength: 12,
        }),
        amount: fc.oneof(fc.constantFrom('25', '.5', '0', '-1', '1e3', ' 1', ''), rawNumber),
      },
      ['assets', 'amount'],
    ),
  },
  {
    method: 'GET',
    path: '/api/v1/funding/coinbase_on_ramp/status',
    access: 'session',
    query: fc.oneof(
      { weight: 2, arbitrary: hostileSegment.map((value): QueryPart[] => [`partnerUserId=${value}`]) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<QueryPart[]>(
          [],
          ['partnerUserId='],
          ['partnerUserId=a&partnerUserId=b'],
          [`partnerUserId=${'a'.repeat(101)}`],
        ),
      },
    ),
  },
  { method: 'GET', path: '/sandbox/onramp/buy/select-asset', access: 'session', query: sandboxQuery },
  {
    method: 'POST',
    path: '/sandbox/onramp/buy/complete',
    access: 'session',
    query: sandboxQuery,
    body: shape({ amount: fc.oneof(fc.constantFrom('25', '.5', '1000001'), cleanString) }),
  },
  { method: 'POST', path: '/sandbox/onramp/buy/cancel', access: 'session', query: sandboxQuery },
]

export const routeTable: FuzzRoute[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  // The wallet frame's pages (walletFrame/): this app's id gets the page, any other 404.
  ...['/apps/:appId/embedded-wallets', '/apps/:appId/embedded-wallets/export'].map(
    (path): FuzzRoute => ({
      method: 'GET',
      path,
      access: 'public',
      params: { appId: fc.oneof(fc.constant(fuzzAppId), hostileSegment) },
    }),
  ),
  {
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'outbox',
    query: fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .constantFrom<PlaceholderName>('member.email', 'fresh.email', 'member.phone')
          .map((name): QueryPart[] => ['to=', new Placeholder(name)]),
      },
      { weight: 2, arbitrary: hostileSegment.map((value): QueryPart[] => [`to=${value}`]) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<QueryPart[]>(
          [],
          ['to'],
          ['to='],
          ['to=%'],
          ['to=a&to=b'],
          ['to=%ED%A0%80'],
          ['to=%00'],
        ),
      },
    ),
  },
  ...signInRoutes,
  ...walletSignInRoutes,
  {
    method: 'POST',
    path: '/api/v1/sessions',
    access: 'public',
    body: shape(
      {
        refresh_token: fc.oneof(
          placeholder('member.refreshToken'),
          fc.string({ maxLength: 200 }),
          fc.constantFrom('', 'x'.repeat(201)),
        ),
      },
      ['refresh_token'],
    ),
    spendsSession: 'used',
  },
  {
    method: 'POST',
    path: '/api/v1/sessions/logout',
    access: 'public',
    body: shape({ everywhere: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, 0, null)) }, ['everywhere']),
    spendsSession: 'used',
  },
  {
    // The wallet frame's pending key; the fuzzer sends no Origin, so only the refusal and the body checks run.
    method: 'POST',
    path: '/api/v1/embedded_wallets/pending_key',
    access: 'public',
    body: shape({ public_key: publicKey }, []),
  },
  {
    method: 'POST',
    path: '/api/v1/sessions/authorization_key',
    access: 'session',
    body: shape(
      {
        public_key: publicKey,
        // A real register_key code now and then, so the key is bound.
        code: fc.oneof(
          { weight: 3, arbitrary: code },
          { weight: 2, arbitrary: placeholder('member.registerKeyCode') },
        ),
      },
      ['code'],
    ),
    spendsSession: 'used',
    registersDeviceKey: true,
  },
  { method: 'GET', path: '/api/v1/users/me', access: 'session' },
  {
    method: 'GET',
    path: '/api/v1/apps/:app_id',
    access: 'public',
    params: { app_id: fc.oneof(fc.constant(fuzzAppId), hostileSegment) },
  },
  { method: 'GET', path: '/api/v1/users/:id', access: 'app', params: { id: userId } },
  {
    method: 'DELETE',
    path: '/api/v1/users/:id',
    access: 'app',
    // Users of their own, or ones that do not exist: the member and the other member stay.
    params: {
      id: fc.oneof(
        { weight: 2, arbitrary: placeholder('fresh.userId') },
        { weight: 3, arbitrary: fc.stringMatching(/^did:charter:[0-9a-z]{25}$/) },
        { weight: 3, arbitrary: hostileSegment },
      ),
    },
    query: fc.constantFrom<QueryPart[]>(
      [],
      ['destroy_unexported_keys=true'],
      ['destroy_unexported_keys=yes'],
      ['destroy_unexported_keys='],
      ['destroy_unexported_keys=true&destroy_unexported_keys=false'],
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/users/email/address',
    access: 'app',
    body: shape({ address: email }),
  },
  {
    method: 'POST',
    path: '/api/v1/users/phone/number',
    access: 'app',
    body: shape({ number: phone }),
  },
  {
    method: 'POST',
    path: '/api/v1/users/wallet/address',
    access: 'app',
    body: shape({ address: walletAddress }),
  },
  { method: 'GET', path: '/api/v1/users/me/events', access: 'session' },
  { method: 'GET', path: '/api/v1/code_challenge', access: 'public' },
  { method: 'GET', path: '/api/v1/sessions', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/sessions/:id/logout',
    access: 'session',
    params: {
      // Ending one of the member's sessions costs a sign-in to replace it: most ids here are not theirs.
      id: fc.oneof(
        { weight: 1, arbitrary: placeholder('member.spareSessionId') },
        { weight: 1, arbitrary: placeholder('member.sessionId') },
        { weight: 1, arbitrary: placeholder('other.sessionId') },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 5, arbitrary: hostileSegment },
      ),
    },
    body: fc.oneof(shape({}), wrongValue),
    spendsSession: 'named',
  },
  {
    method: 'POST',
    path: '/api/v1/step_up/init',
    // Signed, but for a session without a device key asking for the code that binds one.
    access: 'signed',
    body: shape(
      {
        action: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('update_phone', 'update_email', 'register_key') },
          { weight: 1, arbitrary: fc.constantFrom('export', 'export:', 'link', 'update', '') },
          { weight: 1, arbitrary: cleanString },
        ),
        via: fc.constantFrom('phone', 'email', 'sms'),
      },
      ['via'],
    ),
  },
  { method: 'GET', path: '/api/v1/chains', access: 'public' },
  { method: 'GET', path: '/api/v1/sponsor', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/rpc/:chainId',
    access: 'session',
    params: { chainId: chainIdSegment },
    query: fc.oneof(
      { weight: 2, arbitrary: fc.constant<QueryPart[]>([]) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(fuzzAppId, 'someone-else', '')
          .map((id): QueryPart[] => [`privyAppId=${encodeURIComponent(id)}`]),
      },
    ),
    body: fc.oneof(
      { weight: 3, arbitrary: jsonRpcCall },
      { weight: 2, arbitrary: fc.array(jsonRpcCall, { maxLength: 120 }) },
    ),
  },
  {
    method: 'POST',
    path: '/api/dev/faucet',
    access: 'session',
    body: shape(
      {
        address: fc.oneof(
          placeholder('member.evmAddress'),
          placeholder('member.solanaAddress'),
          fc.constantFrom('0x0', '0x00000000000000000000000000000000000c0ffe', 'not-an-address'),
        ),
        chainId: fc.oneof(
          fc.constantFrom<unknown>(84532, 421614, 'devnet', '84532', 1, 'mainnet-beta', -1, 0.5),
          cleanString,
        ),
        asset: fc.constantFrom('native', 'USDC', 'usdc', 'ETH', ''),
        amount: fc.oneof(
          fc.constantFrom('1', '0.5', '10', '0', '-1', '1e3', '1000000000', '0.0000001', '0x10', ' 1', ''),
          rawNumber,
        ),
      },
      [],
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/analytics_events',
    access: 'public',
    body: shape(
      {
        event_name: fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.constantFrom('page_view', 'x'.repeat(100), 'x'.repeat(101)),
        ),
        client_id: fc.string({ maxLength: 100 }),
        payload: analyticsPayload,
      },
      ['client_id', 'payload'],
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/recovery/oauth/:step',
    access: 'public',
    params: {
      step: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('init', 'init_icloud', 'authenticate') },
        { weight: 1, arbitrary: hostileSegment },
      ),
    },
    body: shape(
      {
        provider: fc.constantFrom('google', 'apple'),
        redirect_to: fc.constantFrom('https://example.org/back', 'javascript:alert(1)', '//evil.example', ''),
      },
      ['provider', 'redirect_to'],
    ),
  },
  {
    method: 'GET',
    path: '/api/v1/wallets/activity',
    access: 'session',
    query: fc.oneof(
      {
        weight: 2,
        arbitrary: hostileSegment.map((value): QueryPart[] => [`before=${value}`, `&limit=${value}`]),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<QueryPart[]>(
          [],
          ['limit=1'],
          ['limit=100'],
          ['limit=0'],
          ['limit=101'],
          ['before=1&limit=5'],
          ['before=99999999999999999999'],
          ['before=-1'],
          ['before=1&before=2'],
          ['limit=%00'],
        ),
      },
    ),
  },
  { method: 'GET', path: '/api/v1/wallets/received/news', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/wallets/received/news/seen',
    access: 'session',
    body: shape({
      through: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constant(Number.MAX_SAFE_INTEGER)),
    }),
  },
  {
    method: 'POST',
    path: '/api/v1/wallets',
    access: 'signed',
    // Charter's {request: {chain_type}}, Privy's {chain_type}, both at once, or neither.
    body: shape(
      {
        chain_type: walletChainType,
        request: shape({ chain_type: walletChainType }),
      },
      ['chain_type', 'request'],
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/wallets/:id/rpc',
    access: 'signed',
    params: { id: walletId },
    body: rpcBody,
  },
  {
    method: 'GET',
    path: '/api/v1/wallets/:id/sends',
    access: 'session',
    params: { id: walletId },
    query: fc.oneof(
      {
        weight: 2,
        arbitrary: hostileSegment.map((value): QueryPart[] => [`before=${value}`, `&limit=${value}`]),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<QueryPart[]>(
          [],
          ['limit=1'],
          ['limit=100'],
          ['limit=0'],
          ['limit=101'],
          ['before=00000000-0000-4000-8000-000000000000&limit=5'],
          ['before=-1'],
          ['before=a&before=b'],
        ),
      },
    ),
  },
  {
    method: 'GET',
    path: '/api/v1/wallets/:id/sends/:send_id',
    access: 'session',
    params: {
      id: walletId,
      send_id: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 2, arbitrary: hostileSegment }),
    },
  },
  {
    method: 'POST',
    path: '/api/v1/wallets/:id/export/init',
    access: 'signed',
    params: { id: walletId },
    body: shape({}),
  },
  {
    method: 'POST',
    path: '/api/v1/wallets/:id/export/hold',
    access: 'signed',
    params: { id: walletId },
    body: shape({}),
  },
  { method: 'GET', path: '/api/v1/held_actions', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/held_actions/:id/cancel',
    access: 'signed',
    params: {
      // Held actions are named by UUIDs: none the member has (the fuzzing member's session is not held).
      id: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 2, arbitrary: hostileSegment }),
    },
    body: fc.oneof(shape({}), wrongValue),
  },
  // Passkeys (passkeys/, auth/passkeySignInRoutes.ts): WebAuthn answers of the right shape that no authenticator
  // made, names and ids of every kind.
  { method: 'GET', path: '/api/v1/passkeys', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/passkeys/link/init',
    access: 'session',
    body: fc.oneof(shape({}), shape({ relying_party: relyingPartyNamed }), wrongValue),
  },
  {
    method: 'POST',
    path: '/api/v1/passkeys/link',
    access: 'signed',
    body: fc.oneof(
      shape({ authenticator_response: registrationAnswer, name: fc.string({ maxLength: 80 }) }),
      wrongValue,
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/passkeys/authenticate/init',
    access: 'public',
    body: fc.oneof(shape({}), shape({ relying_party: relyingPartyNamed, token: fc.string() }), wrongValue),
  },
  {
    method: 'POST',
    path: '/api/v1/passkeys/authenticate',
    access: 'public',
    body: fc.oneof(shape({ challenge: base64url, authenticator_response: assertionAnswer }), wrongValue),
  },
  { method: 'POST', path: '/api/v1/passkeys/register/init', access: 'public', body: wrongValue },
  { method: 'POST', path: '/api/v1/passkeys/register', access: 'public', body: wrongValue },
  {
    method: 'POST',
    path: '/api/v1/passkeys/unlink',
    access: 'signed',
    body: fc.oneof(
      shape({ credential_id: base64url, passkey: shape({ authenticator_response: assertionAnswer }) }),
      wrongValue,
    ),
  },
  {
    method: 'PATCH',
    path: '/api/v1/passkeys/:credential_id',
    access: 'signed',
    params: {
      credential_id: fc.oneof({ weight: 3, arbitrary: base64url }, { weight: 2, arbitrary: hostileSegment }),
    },
    body: fc.oneof(shape({ name: fc.string({ maxLength: 80 }) }), wrongValue),
  },
  {
    method: 'POST',
    path: '/api/v1/passkeys/proof/init',
    access: 'session',
    body: fc.oneof(
      shape({
        action: fc.oneof(
          shape({ type: fc.constant('held_action'), id: fc.uuid() }),
          shape({ type: fc.constant('export'), wallet_id: fc.oneof(fc.uuid(), fc.string()) }),
          shape({ type: fc.constant('unlink'), credential_id: base64url }),
          wrongValue,
        ),
      }),
      wrongValue,
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/held_actions/:id/lift',
    access: 'signed',
    params: { id: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 2, arbitrary: hostileSegment }) },
    body: fc.oneof(shape({ passkey: shape({ authenticator_response: assertionAnswer }) }), wrongValue),
  },
  // The freeze (holds/): valid periods are rare here, since a freeze refuses the member's signatures for hours.
  { method: 'GET', path: '/api/v1/account/freeze', access: 'session' },
  {
    method: 'POST',
    path: '/api/v1/account/freeze',
    access: 'signed',
    body: fc.oneof(
      { weight: 1, arbitrary: shape({ hours: fc.constantFrom(1, 168) }) },
      {
        weight: 4,
        arbitrary: shape({ hours: fc.oneof(fc.constantFrom(0, 169, 1.5, -1, '24'), wrongValue) }),
      },
      { weight: 2, arbitrary: wrongValue },
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/account/freeze/lift',
    access: 'signed',
    body: fc.oneof(shape({}), wrongValue),
  },
  {
    method: 'POST',
    path: '/api/v1/wallets/:id/decline',
    access: 'signed',
    params: { id: walletId },
    body: shape({
      method: fc.oneof(
        fc.constantFrom(
          'personal_sign',
          'eth_signTypedData_v4',
          'eth_signTransaction',
          'signMessage',
          'signTransaction',
          'eth_sendTransaction',
          '_x',
          'a'.repeat(64),
          'a'.repeat(65),
          '1abc',
          '__proto__',
          'constructor',
        ),
        cleanString,
      ),
    }),
  },
  {
    method: 'POST',
    path: '/api/v1/wallets/:id/export',
    access: 'signed',
    params: { id: walletId },
    body: shape({
      // A real export code now and then, so the export itself runs (a keystore costs a 128 MiB scrypt).
      code: fc.oneof(
        { weight: 15, arbitrary: code },
        { weight: 1, arbitrary: placeholder('member.exportCode') },
      ),
      format: fc.oneof(
        { weight: 4, arbitrary: fc.constant('private_key') },
        { weight: 1, arbitrary: fc.constantFrom('keystore', 'pem', '') },
      ),
    }),
  },
  ...organizationRouteRows,
  ...pinningRoutes,
  ...fundingRouteRows,
  // Everything else under /api: the not-found answer, for any method and path.
  {
    method: '*',
    path: '/api/:rest',
    access: 'public',
    params: { rest: apiPath },
    body: hostileValue,
  },
  // Everything else: the web app, its files and index.html for the paths of its own routes.
  { method: 'GET', path: '/:rest', access: 'public', params: { rest: webPath } },
]
