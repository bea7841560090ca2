import { describe, expect, it } from 'vitest'
import chainData from '../chains/__fixtures__/chain-data.json'
import { evmChains } from '../chains/evmChains.ts'
import { recordingLogger } from './__fixtures__/recordingLogger.ts'
import { isOnrampSupported } from './isOnrampSupported.ts'
import { onrampCurrencyCode } from './onrampCurrencyCode.ts'
import { onrampCurrencyCodesByChainId } from './onrampCurrencyCodesByChainId.ts'

describe('onrampCurrencyCode', () => {
  it.each([
    [1, 'native-currency', 'ETH_ETHEREUM'],
    [42161, 'native-currency', 'ETH_ARBITRUM'],
    [8453, 'native-currency', 'ETH_BASE'],
    [137, 'native-currency', 'MATIC_POLYGON'],
    [43114, 'native-currency', 'AVAX_CCHAIN'],
    [42220, 'native-currency', 'CELO_CELO'],
    [1, 'USDC', 'USDC_ETHEREUM'],
    [42161, 'USDC', 'USDC_ARBITRUM'],
    [8453, 'USDC', 'USDC_BASE'],
    [137, 'USDC', 'USDC_POLYGON'],
  ])(
    'gives the code of docs/onramp.md for chain %i and %s: %s, without a warning',
    (chainId, asset, code) => {
      const logger = recordingLogger()
      expect(onrampCurrencyCode({ chainId, asset }, logger)).toBe(code)
      expect(logger.warnings).toEqual([])
    },
  )

  it('gives USDC_OPTIMISM for USDC on Optimism, not the Ethereum fallback (Charter fix)', () => {
    const logger = recordingLogger()
    expect(onrampCurrencyCode({ chainId: 10, asset: 'USDC' }, logger)).toBe('USDC_OPTIMISM')
    expect(logger.warnings).toEqual([])
  })

  it('matches the codes of chain-data.json, with Optimism USDC added', () => {
    for (const fact of chainData.moonpayCurrencyCodes.chainToCode) {
      const codes = onrampCurrencyCodesByChainId[fact.chainId as keyof typeof onrampCurrencyCodesByChainId]
      expect('native-currency' in codes ? codes['native-currency'] : null).toBe(fact.native)
      if (fact.chainId === 10) expect('USDC' in codes ? codes.USDC : null).toBe('USDC_OPTIMISM')
      else expect('USDC' in codes ? codes.USDC : null).toBe(fact.usdc)
    }
    expect(Object.keys(onrampCurrencyCodesByChainId).sort()).toEqual(
      chainData.moonpayCurrencyCodes.chainToCode.map((fact) => String(fact.chainId)).sort(),
    )
  })

  it.each([
    [11155111, 'native-currency'],
    [84532, 'USDC'],
    [59144, 'native-currency'],
    [31337, 'USDC'],
    [10, 'native-currency'],
    [43114, 'USDC'],
    [42220, 'USDC'],
  ])('falls back to ETH_ETHEREUM with one warning for chain %i and %s', (chainId, asset) => {
    const logger = recordingLogger()
    expect(onrampCurrencyCode({ chainId, asset }, logger)).toBe('ETH_ETHEREUM')
    expect(logger.warnings).toHaveLength(1)
    expect(logger.warnings[0]?.message).toBe(
      `No on-ramp currency code for ${asset} on chain ${chainId}; defaulting to ETH_ETHEREUM (Ethereum mainnet)`,
    )
    expect(logger.warnings[0]?.context).toEqual({ chainId, asset, fallback: 'ETH_ETHEREUM' })
  })

  it('falls back with a warning for an asset it does not know, even on Ethereum', () => {
    for (const asset of ['ETH', 'usdc', 'toString', '']) {
      const logger = recordingLogger()
      expect(onrampCurrencyCode({ chainId: 1, asset }, logger)).toBe('ETH_ETHEREUM')
      expect(logger.warnings).toHaveLength(1)
    }
  })

  it('has a code for exactly the pairs the on-ramp supports', () => {
    for (const chain of evmChains) {
      for (const asset of ['native-currency', 'USDC']) {
        const logger = recordingLogger()
        const supported = isOnrampSupported({ chainId: chain.id, asset }, logger)
        onrampCurrencyCode({ chainId: chain.id, asset }, logger)
        expect(logger.warnings.length === 0, `chain ${chain.id} ${asset}`).toBe(supported)
      }
    }
  })
})
