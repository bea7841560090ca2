import { describe, expect, it } from 'vitest'
import { createWalletProxy } from './createWalletProxy.ts'
import { memoryKeyStore } from './memoryKeyStore.ts'
import { whenStarted } from './whenStarted.ts'

/** Whether the promise has settled by now (after the pending callbacks ran). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

describe('whenStarted', () => {
  it('waits while the proxy starts, and settles once it has a state to sign or refuse by', async () => {
    // No key stored and a server that never answers: the proxy stays `pending` until signed out.
    const proxy = createWalletProxy({ keyStore: memoryKeyStore(), appId: () => new Promise(() => {}) })
    const beforeStart = whenStarted(proxy)
    expect(await settled(beforeStart)).toBe(false)
    void proxy.init('did:charter:someone')
    expect(proxy.getState().status).toBe('pending')
    expect(await settled(beforeStart)).toBe(false)
    proxy.signOut()
    expect(await settled(beforeStart)).toBe(true)
    expect(await settled(whenStarted(proxy))).toBe(true)
  })

  it('gives up waiting after its time, so the request is refused in words rather than never', async () => {
    const proxy = createWalletProxy({ keyStore: memoryKeyStore(), appId: async () => 'charter-test' })
    expect(await settled(whenStarted(proxy, 5))).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Still idle: nobody started it, and the wait is over.
    expect(proxy.getState().status).toBe('idle')
    await expect(whenStarted(proxy, 5)).resolves.toBeUndefined()
  })
})
