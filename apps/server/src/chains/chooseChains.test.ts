import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger.ts'
import { chooseChains } from './chooseChains.ts'
import type { LocalChain } from './LocalChain.ts'

const logger = createLogger('silent')
const unused: LocalChain = {
  rpcUrl: 'http://127.0.0.1:1',
  fund: async () => {},
  height: async () => 0n,
  close: async () => {},
}
const local = { evm: { 84532: unused, 421614: unused }, solana: unused }

describe('chooseChains', () => {
  it('offers production’s remote chains as the settings list them', () => {
    const service = chooseChains({
      settings: {
        mode: 'production',
        chains: [{ type: 'solana', id: 'devnet', rpcUrl: 'https://devnet.example' }],
      },
      logger,
      local: undefined,
    })
    expect(service.name).toBe('chains')
    expect(service.mode).toBe('production')
    expect(service.adapter.list()).toMatchObject([
      { id: 'devnet', local: false, explorer: { name: 'Solana Explorer' } },
    ])
    expect(service.adapter.find('devnet')?.rpcUrl).toBe('https://devnet.example')
    expect(service.adapter.find('84532')).toBeUndefined()
  })

  it('offers the three local devnets in embedded mode', () => {
    const service = chooseChains({ settings: { mode: 'embedded', chains: [] }, logger, local })
    expect(service.adapter.list().map((chain) => [chain.id, chain.local])).toEqual([
      [84532, true],
      [421614, true],
      ['devnet', true],
    ])
  })

  it('never runs local devnets in production, nor embedded mode without them', () => {
    expect(() => chooseChains({ settings: { mode: 'production', chains: [] }, logger, local })).toThrow(
      'never run in production',
    )
    expect(() =>
      chooseChains({ settings: { mode: 'embedded', chains: [] }, logger, local: undefined }),
    ).toThrow('needs its local devnets')
  })
})
