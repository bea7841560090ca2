import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../log/logger.ts'
import { chooseChains } from './chooseChains.ts'

const logger = createLogger('silent')
const folders: string[] = []
const dataDir = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'charter-chains-'))
  folders.push(folder)
  return folder
}
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))))

describe('chooseChains', () => {
  it('offers production’s remote chains as the settings list them, and starts nothing', async () => {
    const service = chooseChains({
      settings: {
        mode: 'production',
        chains: [{ type: 'solana', id: 'devnet', rpcUrl: 'https://devnet.example' }],
        localChains: false,
        dataDir: await dataDir(),
      },
      logger,
    })
    expect(service.name).toBe('chains')
    expect(service.mode).toBe('production')
    expect(service.start).toBeUndefined()
    expect(service.adapter.list()).toMatchObject([
      { id: 'devnet', local: false, explorer: { name: 'Solana Explorer' } },
    ])
    expect(service.adapter.find('devnet')?.rpcUrl).toBe('https://devnet.example')
    expect(service.adapter.find('84532')).toBeUndefined()
  })

  it('runs the three local devnets in embedded mode from start to close, in DATA_DIR/chains', async () => {
    const folder = await dataDir()
    const service = chooseChains({
      settings: { mode: 'embedded', chains: [], localChains: true, dataDir: folder },
      logger,
    })
    expect(service.adapter.list()).toEqual([])
    await service.start?.()
    try {
      expect(service.adapter.list().map((chain) => [chain.id, chain.local])).toEqual([
        [84532, true],
        [421614, true],
        ['devnet', true],
      ])
      const heights = await service.adapter.health()
      expect(heights.map((chain) => [chain.id, chain.kind, typeof chain.height])).toEqual([
        [84532, 'local devnet', 'string'],
        [421614, 'local devnet', 'string'],
        ['devnet', 'local devnet', 'string'],
      ])
      expect(await readdir(join(folder, 'chains'))).toEqual(
        expect.arrayContaining(['anvil-84532.pid', 'anvil-421614.pid']),
      )
    } finally {
      await service.close?.()
    }
    expect(service.adapter.list()).toEqual([])
    expect(await readdir(join(folder, 'chains'))).not.toContain('anvil-84532.pid')
  })

  it('offers no chain in embedded mode with LOCAL_CHAINS=off, and says so in /api/health', async () => {
    const service = chooseChains({
      settings: { mode: 'embedded', chains: [], localChains: false, dataDir: await dataDir() },
      logger,
    })
    await service.start?.()
    expect(service.adapter.list()).toEqual([])
    expect(service.describe?.()).toEqual({ status: 'ok', detail: 'off (LOCAL_CHAINS=off)' })
    await service.close?.()
  })
})
