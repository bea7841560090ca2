import { describe, expect, it } from 'vitest'
import chainData from '../chains/__fixtures__/chain-data.json'
import { evmChains } from '../chains/evmChains.ts'
import { recordingLogger } from './__fixtures__/recordingLogger.ts'
import { isOnrampSupported } from './isOnrampSupported.ts'
import { onrampNetworks } from './onrampNetworks.ts'

const supportedChainIds = (asset: string) =>
  evmChains
    .map((chain) => chain.id as number)
    .filter((chainId) => isOnrampSupported({ chainId, asset }, recordingLogger()))

describe('isOnrampSupported', () => {
  it('supports the native currency on six networks: Ethereum, Arbitrum, Base, Polygon, Avalanche, Celo', () => {
    expect(supportedChainIds('native-currency').sort((a, b) => a - b)).toEqual([
      1, 137, 8453, 42161, 42220, 43114,
    ])
    expect(supportedChainIds('native-currency').sort()).toEqual(
      [...chainData.moonpayCurrencyCodes.nativeSupportedChainIds].sort(),
    )
  })

  it('supports USDC on five networks: Ethereum, Arbitrum, Base, Polygon and Optimism', () => {
    expect(supportedChainIds('USDC').sort((a, b) => a - b)).toEqual([1, 10, 137, 8453, 42161])
    expect(supportedChainIds('USDC').sort()).toEqual(
      [...chainData.moonpayCurrencyCodes.usdcSupportedChainIds].sort(),
    )
  })

  it('does not sell the native currency on Optimism, nor USDC on Avalanche or Celo', () => {
    const logger = recordingLogger()
    expect(isOnrampSupported({ chainId: 10, asset: 'native-currency' }, logger)).toBe(false)
    expect(isOnrampSupported({ chainId: 43114, asset: 'USDC' }, logger)).toBe(false)
    expect(isOnrampSupported({ chainId: 42220, asset: 'USDC' }, logger)).toBe(false)
    expect(logger.warnings).toEqual([])
  })

  it('gives the same answers by network name', () => {
    const logger = recordingLogger()
    const byNetwork = (asset: string) =>
      onrampNetworks.filter((network) => isOnrampSupported({ network, asset }, logger))
    expect(byNetwork('native-currency')).toEqual([
      'ethereum',
      'arbitrum',
      'base',
      'polygon',
      'avacchain',
      'celo',
    ])
    expect(byNetwork('USDC')).toEqual(['ethereum', 'arbitrum', 'base', 'optimism', 'polygon'])
    expect(logger.warnings).toEqual([])
  })

  it('treats test networks, unknown chains, Solana and unknown names as unsupported, without a warning', () => {
    const logger = recordingLogger()
    for (const chainId of [11155111, 84532, 421614, 80002, 43113, 11155420, 59144, 31337]) {
      expect(isOnrampSupported({ chainId, asset: 'USDC' }, logger)).toBe(false)
      expect(isOnrampSupported({ chainId, asset: 'native-currency' }, logger)).toBe(false)
    }
    expect(isOnrampSupported({ network: 'solana', asset: 'USDC' }, logger)).toBe(false)
    expect(isOnrampSupported({ network: 'solana', asset: 'native-currency' }, logger)).toBe(false)
    expect(isOnrampSupported({ network: 'avalanche-c-chain', asset: 'native-currency' }, logger)).toBe(false)
    expect(isOnrampSupported({ network: 'toString', asset: 'USDC' }, logger)).toBe(false)
    expect(logger.warnings).toEqual([])
  })

  it('does not warn for a supported pair', () => {
    const logger = recordingLogger()
    expect(isOnrampSupported({ chainId: 8453, asset: 'USDC' }, logger)).toBe(true)
    expect(logger.warnings).toEqual([])
  })

  it('warns once that any other asset is unknown to the on-ramp, and calls it unsupported', () => {
    for (const asset of ['ETH', 'usdc', 'native', 'USDT', 'toString', '']) {
      const logger = recordingLogger()
      expect(isOnrampSupported({ chainId: 1, asset }, logger)).toBe(false)
      expect(logger.warnings).toHaveLength(1)
      expect(logger.warnings[0]?.message).toContain('unknown to the on-ramp')
      expect(logger.warnings[0]?.message).toContain(`"${asset}"`)
      expect(logger.warnings[0]?.context).toEqual({ asset })
    }
  })

  it('warns about an unknown asset even on a chain the on-ramp does not serve', () => {
    const logger = recordingLogger()
    expect(isOnrampSupported({ chainId: 31337, asset: 'DAI' }, logger)).toBe(false)
    expect(isOnrampSupported({ network: 'base', asset: 'DAI' }, logger)).toBe(false)
    expect(logger.warnings).toHaveLength(2)
  })
})
