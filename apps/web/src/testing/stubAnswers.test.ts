import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { type AnswerTo, answer, refuse, type StubRoutes } from './stubAnswers.ts'
import { stubApi } from './stubApi.ts'

type ActivityLine = AnswerTo<'GET /api/v1/wallets/activity'>['activity'][number]

const line: ActivityLine = {
  id: 1,
  wallet_id: 'wallet-evm-0',
  address: '0x0000000000000000000000000000000000000001',
  chain_type: 'ethereum',
  kind: 'signature',
  method: 'personal_sign',
  digest: '0'.repeat(64),
  summary: 'Signed a message',
  decision: null,
  created_at: 1_760_000_000,
  send: null,
}

describe('the stand-in server', () => {
  afterEach(() => vi.unstubAllGlobals())

  // Checked by `npm run typecheck`, which reads this file: each line under @ts-expect-error must fail to
  // typecheck, or the directive itself is an error. So a stub cannot answer what the server does not.
  it('answers each route only what the server answers it', () => {
    expectTypeOf<ActivityLine['id']>().toEqualTypeOf<number>()
    const routes: StubRoutes = {
      'GET /api/v1/wallets/activity': () => answer({ activity: [line], next_before: null }),
      // @ts-expect-error the server's event ids are numbers
      'GET /api/v1/users/me/events': () => answer({ events: [{ ...line, id: 'a1', kind: 'key_exported' }] }),
      // @ts-expect-error the server's sign-out answer says to clear the session too
      'POST /api/v1/sessions/logout': () => answer({ success: true }),
      'POST /api/v1/sessions/:id/logout': () =>
        // @ts-expect-error the server's answer has no `extra`
        answer({ success: true, extra: 1 }),
      'GET /api/v1/users/me': () =>
        refuse({ error: 'Please sign in first.', code: 'must_be_authenticated' }, 401),
    }
    expect(Object.keys(routes)).toHaveLength(5)
  })

  it('takes a route by its name, else by its pattern, and gives the pattern its parameters', async () => {
    const seen: Record<string, string>[] = []
    stubApi({
      'POST /api/v1/wallets/:id/rpc': (_call, params = {}) => {
        seen.push(params)
        return Response.json({ from: 'pattern' })
      },
      'POST /api/v1/wallets/wallet-sol-0/rpc': () => Response.json({ from: 'name' }),
    })
    const post = async (path: string) => (await fetch(path, { method: 'POST', body: '{}' })).json()
    expect(await post('/api/v1/wallets/wallet-evm-0/rpc')).toEqual({ from: 'pattern' })
    expect(await post('/api/v1/wallets/wallet-sol-0/rpc')).toEqual({ from: 'name' })
    expect(seen).toEqual([{ id: 'wallet-evm-0' }])
    expect(await post('/api/v1/wallets/wallet-evm-0/export')).toEqual({
      error: 'No stub for POST /api/v1/wallets/wallet-evm-0/export',
      code: 'not_found',
    })
  })
})
