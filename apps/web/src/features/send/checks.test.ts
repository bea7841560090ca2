import { describe, expect, it } from 'vitest'
import { checkAmount } from './checkAmount.ts'
import { checkRecipientFormat } from './checkRecipientFormat.ts'
import { feeCoinNeeded } from './feeCoinNeeded.ts'
import { holdWarning } from './holdWarning.ts'
import { matchColleagues } from './matchColleagues.ts'
import { maxAmount } from './maxAmount.ts'
import { removeSpaces } from './removeSpaces.ts'

const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('the recipient as typed', () => {
  it('takes an EVM address in any single case and checksums it; refuses a wrong checksum, a short one, a Solana key', () => {
    expect(checkRecipientFormat(checksummed.toLowerCase(), 'ethereum')).toEqual({
      ok: true,
      address: checksummed,
    })
    expect(checkRecipientFormat(` ${checksummed} `, 'ethereum')).toEqual({ ok: true, address: checksummed })
    const typo = checksummed.replace('dA6BF', 'Da6BF')
    expect(checkRecipientFormat(typo, 'ethereum')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/checksum/),
    })
    expect(checkRecipientFormat('0x1234', 'ethereum')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/this has 4/),
    })
    expect(checkRecipientFormat('8x6NaJq3oPu4yq9Ng8WwPuVkpX9eQd3b8qQZ1Yz4SZF', 'ethereum')).toMatchObject({
      ok: false,
    })
    expect(checkRecipientFormat('', 'ethereum')).toEqual({ ok: false, error: undefined })
  })

  it('takes a Solana public key; refuses an EVM address and base58 that is not 32 bytes', () => {
    const key = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'
    expect(checkRecipientFormat(key, 'solana')).toEqual({ ok: true, address: key })
    expect(checkRecipientFormat(checksummed, 'solana')).toMatchObject({
      error: expect.stringMatching(/Ethereum address/),
    })
    expect(checkRecipientFormat('abc0OIl', 'solana')).toMatchObject({ ok: false })
  })
})

describe('the amount as typed', () => {
  const usdc = {
    decimals: 6,
    symbol: 'USDC',
    native: false,
    balance: 10_000_000n,
    maxFee: 100n,
  }
  it('reads ".5" and "1,000.25" with core’s parsing; says what is wrong in words', () => {
    expect(checkAmount({ ...usdc, text: '.5' })).toEqual({ ok: true, amount: 500_000n })
    expect(checkAmount({ ...usdc, balance: 10n ** 12n, text: '1,000.25' })).toEqual({
      ok: true,
      amount: 1_000_250_000n,
    })
    expect(checkAmount({ ...usdc, text: 'abc' })).toMatchObject({ ok: false, error: expect.any(String) })
    expect(checkAmount({ ...usdc, text: '0.0000001' })).toMatchObject({
      error: expect.stringMatching(/decimal/),
    })
    expect(checkAmount({ ...usdc, text: '-1' })).toMatchObject({ ok: false })
    expect(checkAmount({ ...usdc, text: '' })).toEqual({ ok: false, error: undefined })
  })

  it('refuses more than the balance, and a native amount whose fee does not fit', () => {
    expect(checkAmount({ ...usdc, text: '10.000001' })).toMatchObject({
      error: 'That is more than you have: 10 USDC.',
    })
    const eth = {
      ...usdc,
      decimals: 18,
      symbol: 'ETH',
      native: true,
      balance: 10n ** 18n,
      maxFee: 10n ** 15n,
    }
    expect(checkAmount({ ...eth, text: '1' })).toMatchObject({ error: expect.stringMatching(/Press Max/) })
    expect(checkAmount({ ...eth, text: '0.999' })).toEqual({ ok: true, amount: 999n * 10n ** 15n })
    // A token send's fee is not the amount's business: `feeCoinNeeded` weighs it.
    expect(checkAmount({ ...usdc, maxFee: 10n ** 30n, text: '1' })).toEqual({ ok: true, amount: 1_000_000n })
    // Amounts a person reads: six significant digits, cut.
    expect(checkAmount({ ...eth, balance: 999_903_711_162_903_058n, text: '1' })).toMatchObject({
      error: 'That is more than you have: 0.999903 ETH.',
    })
  })

  it('refuses less than the chain takes: SOL to a new account below its rent exemption', () => {
    const sol = { ...usdc, decimals: 9, symbol: 'SOL', native: true, balance: 10n ** 9n, maxFee: 5000n }
    const minimum = {
      amount: 890_880n,
      why: 'a new Solana account must hold enough SOL to be exempt from rent.',
    }
    expect(checkAmount({ ...sol, minimum, text: '0.0001' })).toMatchObject({
      error:
        'Send at least 0.00089088 SOL: a new Solana account must hold enough SOL to be exempt from rent.',
    })
    expect(checkAmount({ ...sol, minimum, text: '0.001' })).toEqual({ ok: true, amount: 1_000_000n })
  })

  it('Max: all of a token, all of a native coin but the most the fee can be', () => {
    expect(maxAmount(10n, false, undefined)).toBe(10n)
    expect(maxAmount(10n, true, 3n)).toBe(7n)
    expect(maxAmount(2n, true, 3n)).toBe(0n)
    expect(maxAmount(10n, true, undefined)).toBeUndefined()
    expect(maxAmount(undefined, false, 1n)).toBeUndefined()
  })
})

describe('the new-device hold, before signing', () => {
  const inAnHour = Math.floor(Date.now() / 1000) + 3600
  const base = {
    decimals: 6,
    symbol: 'USDC',
    asset: 'usdc' as const,
    holdEndsAt: inAnHour,
    chain: '84532',
    budget: [],
  }
  const limit = { native: '0.1', usdc: '100' }
  it('warns of a send above what is left of the budget from a held session', () => {
    expect(holdWarning({ ...base, limit, amount: 100_000_001n })).toEqual({
      kind: 'held-send',
      opensAt: inAnHour,
      limit: '100 USDC',
    })
    // 60 USDC moved already by a new device: 41 more is past the 100.
    const used = [{ chain: '84532', asset: 'usdc' as const, used: '60' }]
    expect(holdWarning({ ...base, budget: used, limit, amount: 41_000_000n })).toEqual({
      kind: 'held-send',
      opensAt: inAnHour,
      limit: '100 USDC',
      used: '60 USDC',
    })
    expect(holdWarning({ ...base, budget: used, limit, amount: 40_000_000n })).toBeUndefined()
    // Another chain's use is that chain's.
    expect(
      holdWarning({
        ...base,
        budget: [{ ...used[0], chain: '421614' }] as typeof used,
        limit,
        amount: 41_000_000n,
      }),
    ).toBeUndefined()
  })
  it('says nothing at or below the limit, without a limit, or once the hold is over', () => {
    expect(holdWarning({ ...base, limit, amount: 100_000_000n })).toBeUndefined()
    expect(holdWarning({ ...base, limit: undefined, amount: 10n ** 12n })).toBeUndefined()
    expect(holdWarning({ ...base, limit: { native: '0.1', usdc: null }, amount: 10n ** 12n })).toBeUndefined()
    expect(
      holdWarning({ ...base, holdEndsAt: null, limit: { native: '0.1', usdc: '1' }, amount: 10n ** 12n }),
    ).toBeUndefined()
  })
})

describe('whether a send needs the chain’s own coin for its fee first', () => {
  const usdcSend = { asset: 'usdc' as const, maxFee: 10n ** 14n, sponsored: false }
  it('says so for a token send from an empty native balance, or one below the most the fee can be', () => {
    expect(feeCoinNeeded({ ...usdcSend, nativeBalance: 0n })).toBe(true)
    expect(feeCoinNeeded({ ...usdcSend, nativeBalance: 0n, maxFee: undefined })).toBe(true)
    expect(feeCoinNeeded({ ...usdcSend, nativeBalance: 10n ** 14n - 1n })).toBe(true)
    expect(feeCoinNeeded({ ...usdcSend, nativeBalance: 10n ** 14n })).toBe(false)
  })
  it('says nothing of a native send, of a balance being read, or of a sponsored fee', () => {
    expect(feeCoinNeeded({ ...usdcSend, asset: 'native', nativeBalance: 0n })).toBe(false)
    expect(feeCoinNeeded({ ...usdcSend, nativeBalance: undefined })).toBe(false)
    expect(feeCoinNeeded({ ...usdcSend, nativeBalance: 0n, sponsored: true })).toBe(false)
  })
})

describe('spaces pasted with an address', () => {
  it('are taken out when what is left is an address, and said so; a name keeps its spaces', () => {
    expect(removeSpaces(` ${checksummed.slice(0, 20)} ${checksummed.slice(20)}\n`, 'ethereum')).toEqual({
      text: checksummed,
      removed: true,
    })
    expect(removeSpaces(checksummed, 'ethereum')).toEqual({ text: checksummed, removed: false })
    expect(removeSpaces('Ana Lopez', 'ethereum')).toEqual({ text: 'Ana Lopez', removed: false })
  })
  it('are never counted as part of an address', () => {
    expect(
      checkRecipientFormat(`${checksummed.slice(0, 20)} ${checksummed.slice(20, 41)}`, 'ethereum'),
    ).toEqual({
      ok: false,
      error: 'An address is 0x and 40 hexadecimal characters; this has 39 without its spaces.',
    })
  })
})

describe('the colleagues the recipient field offers', () => {
  const ana = {
    user_id: 'ana',
    label: 'Ana Lopez',
    organizations: ['Acme Co-op'],
    wallets: { ethereum: checksummed },
  }
  const ben = {
    user_id: 'ben',
    label: '+1 415-555-0100',
    organizations: ['Garden club'],
    wallets: { solana: 'x' },
  }
  it('match by name or organisation in any case, by phone digits whatever the spacing, on the chain’s kind only', () => {
    expect(matchColleagues([ana, ben], 'ethereum', 'ana')).toEqual([ana])
    expect(matchColleagues([ana, ben], 'ethereum', 'acme')).toEqual([ana])
    expect(matchColleagues([ana, ben], 'ethereum', '')).toEqual([ana])
    expect(matchColleagues([ana, ben], 'solana', '415 555')).toEqual([ben])
    expect(matchColleagues([ana, ben], 'solana', 'ana')).toEqual([])
    expect(matchColleagues(undefined, 'ethereum', 'ana')).toEqual([])
  })
})
