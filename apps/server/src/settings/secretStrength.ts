/**
 * Why a secret or key is too predictable to guard anything, or undefined when no pattern is seen. It judges the
 * symbols themselves (the characters of a secret, the bytes of a key; a hex secret is judged both ways), so it
 * catches what people type when asked for something random: one character or byte repeated, a short pattern
 * repeated ("ab" × 16), a few distinct symbols or one that dominates (0x00…01), and a count ("0123456789…",
 * 0x000102…). A value drawn at random (openssl rand -hex 32) is never caught: each rule needs far more order
 * than chance gives 32 symbols.
 */
export function secretWeakness(secret: string): string | undefined {
  const characters = [...secret].map((character) => character.codePointAt(0) ?? 0)
  const asText = weaknessOf(characters, 0x110000, 'character')
  if (asText) return asText
  if (/^(0x)?([0-9a-fA-F]{2})+$/.test(secret)) return keyWeakness(secret)
  return undefined
}

/** The same for a key written as hex (`0x` allowed), judged by its bytes. */
export function keyWeakness(hex: string): string | undefined {
  const bytes = [...Buffer.from(hex.replace(/^0x/, ''), 'hex')]
  return weaknessOf(bytes, 256, 'byte')
}

function weaknessOf(symbols: number[], modulus: number, unit: 'character' | 'byte'): string | undefined {
  const length = symbols.length
  if (length < 2) return undefined
  const counts = countsOf(symbols)
  if (counts.size === 1) return `one ${unit} repeated`
  const period = smallestPeriod(symbols)
  if (period <= length / 2) return `a pattern of ${period} ${unit}s repeated`
  // Random hex has about 16 distinct characters in 32, random bytes about 30 in 32.
  if (counts.size < Math.min(8, Math.ceil(length / 4))) return `only ${counts.size} distinct ${unit}s`
  if (Math.max(...counts.values()) * 2 > length) return `mostly one ${unit}`
  const steps = countsOf(
    symbols.slice(1).map((symbol, i) => (symbol - (symbols[i] ?? 0) + modulus) % modulus),
  )
  if (Math.max(...steps.values()) * 2 > length - 1) return 'a counting sequence'
  return undefined
}

function countsOf(values: number[]): Map<number, number> {
  const counts = new Map<number, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}

/** The shortest p with symbols[i] = symbols[i - p] throughout (the length itself when there is none). */
function smallestPeriod(symbols: number[]): number {
  for (let period = 1; period < symbols.length; period++) {
    if (symbols.every((symbol, i) => i < period || symbol === symbols[i - period])) return period
  }
  return symbols.length
}
