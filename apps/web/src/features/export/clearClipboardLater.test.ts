import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearClipboardLater } from './clearClipboardLater.ts'

const fakeClipboard = (initial: string, readable = true) => {
  let content = initial
  const clipboard = {
    readText: vi.fn(async () => {
      if (!readable) throw new DOMException('Read permission denied.', 'NotAllowedError')
      return content
    }),
    writeText: vi.fn(async (text: string) => {
      content = text
    }),
    get content() {
      return content
    },
  }
  vi.stubGlobal('navigator', { ...navigator, clipboard })
  return clipboard
}

describe('clearing a copied secret from the clipboard', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('clears it after a minute when it is still what the clipboard holds', async () => {
    vi.useFakeTimers()
    const clipboard = fakeClipboard('secret')
    const cleared = clearClipboardLater('secret')
    await vi.advanceTimersByTimeAsync(59_000)
    expect(clipboard.content).toBe('secret')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await cleared).toBe(true)
    expect(clipboard.content).toBe('')
  })

  it('leaves something copied since alone, and the clipboard alone when it cannot be read', async () => {
    vi.useFakeTimers()
    const clipboard = fakeClipboard('something else')
    const cleared = clearClipboardLater('secret')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await cleared).toBe(false)
    expect(clipboard.content).toBe('something else')

    const unreadable = fakeClipboard('secret', false)
    const notCleared = clearClipboardLater('secret')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await notCleared).toBe(false)
    expect(unreadable.content).toBe('secret')
    expect(unreadable.writeText).not.toHaveBeenCalled()
  })
})
