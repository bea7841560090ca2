import { describe, expect, it } from 'vitest'
import { countInvisibles, revealedText, revealInvisibles } from './revealInvisibles.ts'

describe('revealInvisibles', () => {
  it('shows a right-to-left override as an escape, so reversed text reads in the order it is signed', () => {
    const text = 'transfer \u202E0001 HTE'
    expect(revealedText(text)).toBe('transfer ⟨U+202E⟩0001 HTE')
    expect(revealInvisibles(text)).toEqual([
      { kind: 'text', text: 'transfer ' },
      { kind: 'escape', codePoint: 0x202e, label: '⟨U+202E⟩' },
      { kind: 'text', text: '0001 HTE' },
    ])
  })

  it('shows every bidi control, zero-width and invisible format character', () => {
    const hidden = [
      0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068,
      0x2069, 0x061c, 0x2060, 0x2061, 0xfeff, 0x00ad, 0x180e, 0xe0041, 0x034f, 0x115f, 0x3164, 0xffa0, 0x2800,
    ]
    for (const codePoint of hidden) {
      expect(countInvisibles(`a${String.fromCodePoint(codePoint)}b`), codePoint.toString(16)).toBe(1)
    }
  })

  it('shows controls, lone surrogates, unusual spaces and line separators, but keeps tab, line feed and space', () => {
    expect(revealedText('a\rb\u0000c\u007fd\u0085')).toBe('a⟨U+000D⟩b⟨U+0000⟩c⟨U+007F⟩d⟨U+0085⟩')
    expect(revealedText('x\ud800y')).toBe('x⟨U+D800⟩y')
    expect(revealedText('1\u00a0000\u20030\u2028end')).toBe('1⟨U+00A0⟩000⟨U+2003⟩0⟨U+2028⟩end')
    expect(revealedText('\u{f0000}')).toBe('⟨U+F0000⟩')
    expect(revealInvisibles('tab\there\nnext line')).toEqual([{ kind: 'text', text: 'tab\there\nnext line' }])
  })

  it('keeps one emoji presentation selector after a character, and shows stacked or lone selectors', () => {
    expect(revealedText('I ❤️ Charter')).toBe('I ❤️ Charter')
    expect(revealedText('x\ufe0f\ufe0f')).toBe('x\ufe0f⟨U+FE0F⟩')
    expect(revealedText('\ufe0fx')).toBe('⟨U+FE0F⟩x')
    expect(revealedText('a\ufe01\u{e0101}')).toBe('a⟨U+FE01⟩⟨U+E0101⟩')
  })

  it('leaves ordinary text in any script alone', () => {
    const text = 'Grüße aus Charter ✓ — שלום, مرحبا, 你好'
    expect(revealInvisibles(text)).toEqual([{ kind: 'text', text }])
  })
})
