import { describe, expect, it, vi } from 'vitest'
import {
  makeWalletKey,
  memoryKeyStore,
  WalletKeyStorageError,
  type WalletKeyStore,
} from '../features/walletProxy/index.ts'
import { frameKeyStore } from './frameKeyStore.ts'

/** IndexedDB as a browser that refuses a frame on another site its storage: every call fails. */
const refusingStore = (): WalletKeyStore => {
  const refuse = async (): Promise<never> => {
    throw new WalletKeyStorageError({ cause: new DOMException('The request was denied.', 'SecurityError') })
  }
  return { load: refuse, save: refuse, clear: refuse, exclusive: (task) => task() }
}

describe('the wallet frame’s key store', () => {
  it('keeps the key in IndexedDB when the browser allows it', async () => {
    const primary = memoryKeyStore()
    const store = frameKeyStore(primary, memoryKeyStore())
    const key = await makeWalletKey()
    await store.save(key)
    expect(await primary.load()).toBe(key)
    expect(store.inMemory()).toBe(false)
  })

  it('keeps it in memory when the browser refuses the frame storage, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const store = frameKeyStore(refusingStore(), memoryKeyStore())
    expect(await store.load()).toBeUndefined()
    const key = await makeWalletKey()
    await store.save(key)
    expect(await store.load()).toBe(key)
    expect(store.inMemory()).toBe(true)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('lets any other failure through', async () => {
    const broken: WalletKeyStore = {
      ...memoryKeyStore(),
      load: async () => Promise.reject(new TypeError('bug')),
    }
    await expect(frameKeyStore(broken, memoryKeyStore()).load()).rejects.toThrow('bug')
  })
})
