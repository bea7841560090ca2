import { describe, expect, it } from 'vitest'
import { describeUserAgent } from './describeUserAgent.ts'

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'An unknown device'],
    [null, 'An unknown device'],
    ['Mozilla/5.0 (compatible)', 'An unknown device'],
  ])('%s → %s', (userAgent, words) => {
    expect(describeUserAgent(userAgent)).toBe(words)
  })

  it('lowers the article of a name used mid-sentence, and only the article', () => {
    expect(describeUserAgent(undefined, { inSentence: true })).toBe('an unknown device')
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64)', { inSentence: true })).toBe(
      'a browser on Linux',
    )
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36', {
        inSentence: true,
      }),
    ).toBe('Chrome on Linux')
  })
})
