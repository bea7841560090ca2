import { describe, expect, it } from 'vitest'
import { safeImageSrc, safeLinkHref } from './safeUrls.ts'

const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'

describe('links and images of an untrusted document', () => {
  it('links https as written and ipfs through the own gateway', () => {
    expect(safeLinkHref('https://example.org/a?b=c')).toBe('https://example.org/a?b=c')
    expect(safeLinkHref(`ipfs://${cid}`)).toBe(`/ipfs/${cid}`)
  })

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.org',
    '//evil.example/x',
    '/api/v1/users/me',
    `ipfs://${cid}/../../api`,
    'vbscript:x',
    '',
  ])('does not link %j', (link) => {
    expect(safeLinkHref(link)).toBeUndefined()
  })

  it('loads images only from ipfs://, through the own gateway', () => {
    expect(safeImageSrc(`ipfs://${cid}`)).toBe(`/ipfs/${cid}`)
    expect(safeImageSrc('https://tracker.example/pixel.png')).toBeUndefined()
    expect(safeImageSrc(cid)).toBeUndefined()
    expect(safeImageSrc('data:image/svg+xml,<svg/>')).toBeUndefined()
  })
})
