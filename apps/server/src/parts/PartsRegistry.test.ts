import { describe, expect, it } from 'vitest'
import { createLogger } from '../log/logger.ts'
import { describeParts, notSetUp, type OutsideService, outsideService, type Part } from './Part.ts'
import { PartStartError } from './PartStartError.ts'
import { partsRegistry } from './PartsRegistry.ts'

/** A part that writes what happens to it into `events`, and fails where told. */
function recordingPart(
  name: string,
  events: string[],
  fails: { start?: boolean; close?: boolean } = {},
): Part {
  return {
    name,
    describe: () => ({ status: 'ok' }),
    start: async () => {
      events.push(`start ${name}`)
      if (fails.start) throw new Error(`${name} could not bind its port`)
    },
    close: async () => {
      events.push(`close ${name}`)
      if (fails.close) throw new Error(`${name} would not stop`)
    },
  }
}

function logged() {
  const lines: string[] = []
  return { lines, logger: createLogger('debug', (line) => lines.push(line)) }
}

describe('partsRegistry', () => {
  it('gives each part back as it was registered, and lists those this server has, in order', () => {
    const sms: OutsideService<{ send: (to: string) => string }> = outsideService(
      'sms',
      'embedded',
      { send: (to: string) => `sent to ${to}` },
      'dev outbox',
    )
    const registry = partsRegistry(
      { database: { name: 'database' }, sms, email: notSetUp('email'), devOutbox: undefined },
      logged().logger,
    )
    // Typed as registered: the adapter is there without a cast, and a service not set up has none.
    expect(registry.get('sms').adapter.send('+1')).toBe('sent to +1')
    expect(registry.get('email').adapter).toBeUndefined()
    expect(registry.get('devOutbox')).toBeUndefined()
    expect(registry.list().map((part) => part.name)).toEqual(['database', 'sms', 'email'])
    // What /api/health shows: the parts that describe themselves.
    expect(describeParts(registry.list())).toEqual({
      sms: { status: 'ok', detail: 'dev outbox' },
      email: { status: 'missing' },
    })
  })

  it('refuses a part registered under another name than its own', () => {
    expect(() => partsRegistry({ sms: notSetUp('email') }, logged().logger)).toThrow(
      'The part named email is registered as sms',
    )
  })

  it('starts the parts in order and closes them in reverse, once', async () => {
    const events: string[] = []
    const registry = partsRegistry(
      {
        a: recordingPart('a', events),
        b: { name: 'b', describe: () => ({ status: 'ok' as const }) },
        c: recordingPart('c', events),
      },
      logged().logger,
    )
    await registry.start()
    expect(events).toEqual(['start a', 'start c'])
    await Promise.all([registry.close(), registry.close()])
    await registry.close()
    expect(events).toEqual(['start a', 'start c', 'close c', 'close a'])
  })

  it('closes every part when one’s close throws, and logs which one failed and why', async () => {
    const events: string[] = []
    const { lines, logger } = logged()
    const registry = partsRegistry(
      {
        a: recordingPart('a', events),
        b: recordingPart('b', events, { close: true }),
        c: recordingPart('c', events),
      },
      logger,
    )
    await registry.start()
    await registry.close()
    expect(events.slice(3)).toEqual(['close c', 'close b', 'close a'])
    const errors = lines.filter((line) => line.includes('ERROR'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('Could not close b')
    expect(errors[0]).toContain('b would not stop')
  })

  it('on a failed start, starts nothing after it, closes every part, and throws naming the part', async () => {
    const events: string[] = []
    const registry = partsRegistry(
      {
        a: recordingPart('a', events),
        chains: recordingPart('chains', events, { start: true }),
        c: recordingPart('c', events),
      },
      logged().logger,
    )
    const error = await registry.start().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PartStartError)
    expect((error as PartStartError).part).toBe('chains')
    expect((error as PartStartError).shortMessage).toBe('Charter cannot start: chains did not start.')
    expect((error as PartStartError).message).toContain('chains could not bind its port')
    // Every part is closed, the failed one too (it may have got halfway), each once.
    expect(events).toEqual(['start a', 'start chains', 'close c', 'close chains', 'close a'])
    await registry.close()
    expect(events).toHaveLength(5)
  })
})
