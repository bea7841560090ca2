import { describe, expect, it } from 'vitest'
import { createLogger, escapeForLog } from './logger.ts'

describe('createLogger', () => {
  it('writes one line per event whatever the message and its context hold', () => {
    const lines: string[] = []
    const logger = createLogger('debug', (line) => lines.push(line))
    logger.warn('GET /x\n2026-01-01T00:00:00.000Z ERROR forged', {
      path: '/a\u2028b\u0085c\u001b[2J',
      agent: 'evil\u202Egnp.exe',
    })
    expect(lines).toHaveLength(1)
    const [line] = lines as [string]
    expect(line).toContain('GET /x\\u000a2026-01-01T00:00:00.000Z ERROR forged')
    expect(line).toContain('/a\\u2028b\\u0085c\\u001b[2J')
    expect(line).toContain('evil\\u202egnp.exe')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there.
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/)
  })
})

describe('escapeForLog', () => {
  it('leaves ordinary text, accents and other scripts alone', () => {
    for (const text of ['POST /api/v1/sessions 200 3ms', 'Zoë, 東京, مرحبا', 'tab-free "quotes" \\ back']) {
      expect(escapeForLog(text)).toBe(text)
    }
  })
})
