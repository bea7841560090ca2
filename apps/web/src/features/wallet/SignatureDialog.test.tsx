import { ProviderRpcError } from '@charter/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { recoverTypedDataAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { stubApi } from '../../testing/stubApi.ts'
import { walletServer } from '../../testing/walletServer.ts'
import { walletRuntimeFor } from './walletRuntime.ts'

const types = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'contents', type: 'string' },
  ],
}
const domain = { name: 'Ether Mail', version: '1', chainId: 84532 }
const message = {
  from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
  to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
  contents: 'Hello, Bob!',
}

/** The app at home, signed in, its wallet ready; answers its provider. */
async function signedIn() {
  const server = walletServer()
  const api = stubApi(server.routes)
  const { queryClient } = renderApp('/')
  const runtime = walletRuntimeFor(queryClient)
  await waitFor(() => expect(runtime.proxy.getState().status).toBe('ready'))
  return { server, api, provider: runtime.provider, address: server.account.address, user: userEvent.setup() }
}

const cell = (table: HTMLElement, row: string) =>
  within(table).getByRole('rowheader', { name: row }).nextElementSibling?.textContent

describe('the confirmation dialog', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows typed data as a table: who asks, on which chain, the type, each field', async () => {
    const { provider, address, user } = await signedIn()
    const signing = provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify({ domain, types, primaryType: 'Mail', message })],
    })
    const dialog = await screen.findByRole('dialog', { name: 'Sign this data?' })
    const table = within(dialog).getByRole('table', { name: 'Data to sign' })
    expect(cell(table, 'Requested by')).toBe('Ether Mail (version 1)')
    expect(cell(table, 'Network')).toBe('Base Sepolia')
    expect(cell(table, 'Type')).toBe('Mail')
    expect(cell(table, 'from.name')).toBe('Cow')
    expect(cell(table, 'from.wallet')).toBe(message.from.wallet)
    expect(cell(table, 'to[0].name')).toBe('Bob')
    expect(cell(table, 'contents')).toBe('Hello, Bob!')

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const signature = (await signing) as `0x${string}`
    expect(await recoverTypedDataAddress({ domain, types, primaryType: 'Mail', message, signature })).toBe(
      address,
    )
  })

  it('shows a transaction’s chain, recipient (short, with copy), amount and data; Reject answers 4001', async () => {
    const { provider, address, user, server } = await signedIn()
    const to = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
    const outcome = provider
      .request({
        method: 'eth_signTransaction',
        params: [{ from: address, to, value: '0x6f05b59d3b20000', chainId: '0x14a34' }],
      })
      .catch((caught: unknown) => caught)
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    expect(dialog).toHaveAccessibleDescription(/Signing does not send it/)
    const details = within(dialog)
    expect(details.getByText('Network').nextElementSibling).toHaveTextContent('Base Sepolia')
    expect(details.getByText('To').nextElementSibling).toHaveTextContent('0xbBb…BBbB')
    expect(details.getByText('Amount').nextElementSibling).toHaveTextContent('0.5 ETH')
    expect(details.getByText('Contract data').nextElementSibling).toHaveTextContent('None: a plain transfer')
    await user.click(details.getByRole('button', { name: 'Copy recipient address' }))
    expect(await details.findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(to)

    await user.click(details.getByRole('button', { name: 'Reject' }))
    const error = await outcome
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server.rpcCalls).toEqual([])
  })

  it('shows requests one at a time, in order', async () => {
    const { provider, address, user } = await signedIn()
    const hex = (text: string) => `0x${Buffer.from(text).toString('hex')}`
    const first = provider.request({ method: 'personal_sign', params: [hex('first'), address] })
    const second = provider
      .request({ method: 'personal_sign', params: [hex('second'), address] })
      .catch((caught: unknown) => caught)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('first')).toBeInTheDocument()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await first
    const next = await screen.findByRole('dialog')
    expect(within(next).getByText('second')).toBeInTheDocument()
    await user.click(within(next).getByRole('button', { name: 'Reject' }))
    expect(await second).toMatchObject({ code: 4001 })
  })

  it('closes and rejects what is waiting when the session ends', async () => {
    const { provider, address, api, server } = await signedIn()
    const waiting = provider
      .request({ method: 'personal_sign', params: ['0x6869', address] })
      .catch((caught: unknown) => caught)
    await screen.findByRole('dialog')
    const otherTab = new BroadcastChannel('charter-session')
    otherTab.postMessage({ type: 'signed-out' })
    expect(await waiting).toMatchObject({ code: 4001 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    otherTab.close()
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4100,
      message: 'User must be authenticated',
    })
    expect(server.rpcCalls).toEqual([])
    expect(api.calls.length).toBeGreaterThan(0)
  })
})
