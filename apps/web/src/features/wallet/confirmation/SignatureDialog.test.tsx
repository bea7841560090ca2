import { ProviderRpcError } from '@charter/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { etherMailToMany } from '../../../../../../packages/core/src/__fixtures__/typedData.ts'
import { chainServer, multicall3Address } from '../../../testing/chainServer.ts'
import { renderApp } from '../../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../../testing/signedInOnThisDevice.ts'
import { answer } from '../../../testing/stubAnswers.ts'
import { stubApi } from '../../../testing/stubApi.ts'
import {
  baseSepoliaUsdc,
  bidiMessage,
  expectedRecipient,
  hiddenTailMessage,
  hugeFeeTransaction,
  lookAlikeRecipient,
  lookAlikeTransaction,
  opaqueCall,
  paddedPermit,
  spender,
  unlimitedApproval,
  usdcPermit,
  usdcRecipient,
  usdcTransfer,
} from '../hostileRequests.ts'
import { walletRuntimeFor } from '../walletRuntime.ts'

const { types, domain, message } = etherMailToMany

/** The app at home, signed in, its wallet ready; answers its provider. `routes` answer beside the server's. */
async function signedIn(routes: Parameters<typeof stubApi>[0] = {}) {
  const server = await signedInOnThisDevice()
  // The chains too: the dialog asks a recipient's chain whether it is a contract.
  const chains = chainServer()
  const api = stubApi({ ...server.routes, ...chains.routes, ...routes })
  const { queryClient } = renderApp('/')
  const runtime = walletRuntimeFor(queryClient)
  // The wallet loads lazily, the first time slowly.
  await waitFor(() => expect(runtime.proxy.getState().status).toBe('ready'), { timeout: 5_000 })
  return {
    server,
    api,
    chains,
    provider: runtime.provider,
    address: server.account.address,
    user: userEvent.setup(),
  }
}

const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

/** What a request ends in: its answer, or the error it was refused with. */
const outcome = (promise: Promise<unknown>) => promise.catch((caught: unknown) => caught)

/** The value cell beside a row header, in `table` itself (not in a table nested in it). */
function cell(table: HTMLElement, row: string) {
  const header = within(table)
    .getAllByRole('rowheader', { name: row })
    .find((element) => element.closest('table') === table)
  const value = header?.nextElementSibling
  if (!(value instanceof HTMLElement)) throw new Error(`no row ${row}`)
  return value
}

/** The table nested in a row's cell. */
const nested = (table: HTMLElement, row: string) =>
  within(cell(table, row)).getAllByRole('table')[0] as HTMLElement

/** An element showing exactly `text`, however it is split into groups for the eye (an address). */
const wholeText = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && [...element.children].every((child) => child.textContent !== text)

/** Moves focus with Tab, as a keyboard does, until it is on `target`. */
async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let presses = 0; presses < 30 && document.activeElement !== target; presses++) await user.tab()
  expect(target).toHaveFocus()
}

/** Tab to a button and press Enter. */
async function press(user: UserEvent, button: HTMLElement) {
  await tabTo(user, button)
  await user.keyboard('{Enter}')
}

/**
 * Lays the box of what is signed out as a browser would: `scrollHeight` of content in `clientHeight` of box,
 * once the dialog is open (closed, it has no size at all).
 */
function layOutDetails(clientHeight: number, scrollHeight: number) {
  const isDetails = (element: Element) =>
    element.classList.contains('signature-details') && element.closest('dialog')?.open === true
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isDetails(this) ? clientHeight : 0
  })
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return isDetails(this) ? scrollHeight : 0
  })
}

describe('the confirmation dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows typed data as nested tables, the domain first, and signs what it showed', async () => {
    const { provider, address, user } = await signedIn()
    const signing = provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify({ domain, types, primaryType: 'Mail', message })],
    })
    const dialog = await screen.findByRole('dialog', { name: 'Sign this data?' })
    const validFor = within(dialog).getByRole('table', { name: 'Valid for' })
    expect(cell(validFor, 'Name')).toHaveTextContent('Ether Mail')
    expect(cell(validFor, 'Version')).toHaveTextContent('1')
    expect(cell(validFor, 'Network')).toHaveTextContent('Base Sepolia (chain 84532)')
    expect(cell(validFor, 'Contract')).toHaveTextContent(domain.verifyingContract)
    const data = within(dialog).getByRole('table', { name: 'Data to sign: Mail' })
    const from = nested(data, 'from')
    expect(from).toHaveAccessibleName('Person')
    expect(cell(from, 'name')).toHaveTextContent('Cow')
    expect(cell(from, 'wallet')).toHaveTextContent(message.from.wallet)
    const firstTo = nested(nested(data, 'to'), '[0]')
    expect(cell(firstTo, 'name')).toHaveTextContent('Bob')
    expect(cell(data, 'contents')).toHaveTextContent('Hello, Bob!')

    await press(user, within(dialog).getByRole('button', { name: 'Sign' }))
    const signature = (await signing) as `0x${string}`
    expect(await recoverTypedDataAddress({ domain, types, primaryType: 'Mail', message, signature })).toBe(
      address,
    )
  })

  it('shows a message’s direction override as a visible escape and says so', async () => {
    const { provider, address, user, server } = await signedIn()
    const signing = provider.request({ method: 'personal_sign', params: [hex(bidiMessage), address] })
    const dialog = await screen.findByRole('dialog', { name: 'Sign this message?' })
    const details = within(dialog).getByRole('region', { name: 'What you sign' })
    expect(details.querySelector('pre')).toHaveTextContent('transfer ⟨U+202E⟩0001 HTE')
    expect(details).not.toHaveTextContent('\u202e')
    expect(details).toHaveTextContent('18 characters, 1 line (20 bytes)')
    expect(within(dialog).getByRole('note', { name: 'Before you sign' })).toHaveTextContent(
      'Hidden characters. One character would be invisible or would change the direction of the text',
    )
    await press(user, within(dialog).getByRole('button', { name: 'Sign' }))
    const signature = (await signing) as `0x${string}`
    expect(await recoverMessageAddress({ message: bidiMessage, signature })).toBe(address)
    expect(server.rpcCalls).toEqual([
      { method: 'personal_sign', params: { message: hex(bidiMessage), encoding: 'hex' } },
    ])
  })

  it('shows right-to-left text in the order it is signed, isolated and marked, and warns of it', async () => {
    const { provider, address, user } = await signedIn()
    const message = 'Pay \u05d0 1 \u05d1 1000 USDC'
    const signing = provider.request({ method: 'personal_sign', params: [hex(message), address] })
    const dialog = await screen.findByRole('dialog', { name: 'Sign this message?' })
    const details = within(dialog).getByRole('region', { name: 'What you sign' })
    const shown = details.querySelector('pre bdo') as HTMLElement
    // A left-to-right override, isolated: the browser shows the characters as stored, not reordered.
    expect(shown).toHaveAttribute('dir', 'ltr')
    expect(shown).toHaveClass('stored-order')
    expect(shown.textContent).toBe(message)
    expect([...shown.querySelectorAll('.rtl-run')].map((run) => run.textContent)).toEqual([
      '\u05d0',
      '\u05d1',
    ])
    expect(within(dialog).getByRole('note', { name: 'Before you sign' })).toHaveTextContent(
      'Right-to-left text. Some of this is written right to left',
    )
    await press(user, within(dialog).getByRole('button', { name: 'Sign' }))
    expect(await recoverMessageAddress({ message, signature: (await signing) as `0x${string}` })).toBe(
      address,
    )
  })

  it('keeps Sign from signing until the end of a long message has been scrolled to', async () => {
    layOutDetails(300, 2_000)
    const { provider, address, user, server } = await signedIn()
    const signing = provider.request({ method: 'personal_sign', params: [hex(hiddenTailMessage), address] })
    const dialog = await screen.findByRole('dialog', { name: 'Sign this message?' })
    const details = within(dialog).getByRole('region', { name: 'What you sign' })
    expect(details).toHaveTextContent('61 lines')
    expect(details.querySelector('pre')?.textContent).toBe(hiddenTailMessage)
    const sign = within(dialog).getByRole('button', { name: 'Sign' })
    expect(sign).toHaveAttribute('aria-disabled', 'true')
    expect(sign).toHaveAccessibleDescription(
      /^Scroll to the end of the message to sign it. There is more below. Scroll to the end of it to sign: swipe up in the box, or Tab to it and press End./,
    )
    // The reason stands beside the disabled Sign, whatever the size of the screen.
    const reason = within(dialog).getByText('Scroll to the end of the message to sign it.')
    expect(reason.parentElement).toBe(sign.parentElement)

    // Enter on Sign does nothing yet; the box is the next stop for the keyboard after the title.
    await press(user, sign)
    expect(server.rpcCalls).toEqual([])
    expect(screen.getByRole('dialog')).toBe(dialog)
    within(dialog).getByRole('heading').focus()
    await user.tab()
    expect(details).toHaveFocus()

    details.scrollTop = 1_700
    fireEvent.scroll(details)
    expect(sign).not.toHaveAttribute('aria-disabled')
    expect(within(dialog).queryByText(/There is more below/)).toBeNull()
    expect(within(dialog).queryByText(/Scroll to the end/)).toBeNull()
    await press(user, sign)
    const signature = (await signing) as `0x${string}`
    expect(await recoverMessageAddress({ message: hiddenTailMessage, signature })).toBe(address)
  })

  it('refuses typed data with more fields than it can show, and says how many are not shown', async () => {
    const { provider, address, user, server } = await signedIn()
    const answer = outcome(
      provider.request({
        method: 'eth_signTypedData_v4',
        params: [address, JSON.stringify(paddedPermit(500))],
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this data?' })
    expect(within(dialog).getByRole('note', { name: 'Before you sign' })).toHaveTextContent(
      'This request has 505 fields, more than the 200 Charter can show, so Charter will not sign it.',
    )
    expect(within(dialog).getByText('305 more fields are not shown.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Sign' })).toBeNull()
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await answer).toMatchObject({ code: 4001 })
    expect(server.rpcCalls).toEqual([])
  })

  it('names a permit in plain words, with the spender in full and the amount unlimited', async () => {
    const { provider, address, user } = await signedIn()
    const answer = outcome(
      provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(usdcPermit)] }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this data?' })
    const note = within(dialog).getByRole('note', { name: 'Before you sign' })
    expect(note).toHaveTextContent(
      `Token permit (ERC-20 permit). Signing lets ${spender} spend unlimited USDC from your wallet, without asking you again.`,
    )
    const validFor = within(dialog).getByRole('table', { name: 'Valid for' })
    expect(cell(validFor, 'Contract')).toHaveTextContent(
      `${baseSepoliaUsdc}A contract: the USDC token on Base Sepolia`,
    )
    // What the permit hands over, and to whom, is read before the token's contract and the fields.
    expect(note.compareDocumentPosition(validFor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await answer).toMatchObject({ code: 4001 })
  })

  it('on a device within its new-device hold, says before signing that a permit will wait, why, and until when', async () => {
    const opensAt = Math.floor(Date.now() / 1000) + 20 * 3600
    const { provider, address, user } = await signedIn({
      'GET /api/v1/held_actions': () => answer({ hold_ends_at: opensAt, held_actions: [], budget: [] }),
    })
    const answered = outcome(
      provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(usdcPermit)] }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this data?' })
    const note = within(dialog).getByRole('note', { name: 'Before you sign' })
    await waitFor(() =>
      expect(note).toHaveTextContent(
        `This will wait. This device signed in recently, and Charter cannot weigh what it signs (a permit for ${spender} to spend the wallet's tokens), so it is held until`,
      ),
    )
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await answered).toMatchObject({ code: 4001 })
  })

  it('shows a transaction’s maximum fee and total, and warns when the fee is out of proportion', async () => {
    const { provider, address, user } = await signedIn()
    const answer = outcome(
      provider.request({ method: 'eth_signTransaction', params: [{ from: address, ...hugeFeeTransaction }] }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    const details = within(dialog)
    expect(details.getByText('Amount').nextElementSibling).toHaveTextContent('0 ETH')
    expect(details.getByText('Maximum fee').nextElementSibling).toHaveTextContent(
      '21,000,000 ETH (21,000 gas × 1,000,000,000,000 gwei)',
    )
    expect(details.getByText('Total at most').nextElementSibling).toHaveTextContent('21,000,000 ETH')
    expect(details.getByRole('note', { name: 'Before you sign' })).toHaveTextContent(
      'Check the fee. The fee alone could be as much as 21,000,000 ETH.',
    )
    await press(user, details.getByRole('button', { name: 'Reject' }))
    expect(await answer).toMatchObject({ code: 4001 })
  })

  it('shows the recipient whole and checksummed, so a look-alike address does not pass; Reject answers 4001', async () => {
    const { provider, address, user, server } = await signedIn()
    const answer = outcome(
      provider.request({
        method: 'eth_signTransaction',
        params: [{ from: address, ...lookAlikeTransaction }],
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    expect(dialog).toHaveAccessibleDescription(/Signing does not send it/)
    const details = within(dialog)
    expect(details.getByText('Network').nextElementSibling).toHaveTextContent('Base Sepolia (chain 84532)')
    const to = details.getByText('To').nextElementSibling as HTMLElement
    expect(within(to).getByText(wholeText(lookAlikeRecipient))).toBeInTheDocument()
    expect(to).not.toHaveTextContent(expectedRecipient)
    expect(to).not.toHaveTextContent('…')
    expect(details.getByText('Amount').nextElementSibling).toHaveTextContent('0.5 ETH')
    expect(details.getByText('Contract call').nextElementSibling).toHaveTextContent('None: a plain transfer')

    await press(user, details.getByRole('button', { name: 'Copy recipient address' }))
    expect(await details.findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(lookAlikeRecipient)

    await press(user, details.getByRole('button', { name: 'Reject' }))
    const error = await answer
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server.rpcCalls).toEqual([])
  })

  it('names a recipient with code on its chain “a contract on Base Sepolia”, and an account without code not', async () => {
    const { provider, address, user, api } = await signedIn()
    const toContract = outcome(
      provider.request({
        method: 'eth_signTransaction',
        params: [{ from: address, ...lookAlikeTransaction, to: multicall3Address }],
      }),
    )
    let dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    await waitFor(() =>
      expect(within(dialog).getByText('To').nextElementSibling).toHaveTextContent(
        'A contract on Base Sepolia',
      ),
    )
    // The home reads balances through the same proxy (in batches); the dialog asks one thing of it.
    const codeReads = () =>
      api
        .bodiesOf('POST /api/v1/rpc/84532')
        .filter((body) => (body as { method?: string }).method === 'eth_getCode')
    expect(codeReads()).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [multicall3Address, 'latest'] },
    ])
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await toContract).toMatchObject({ code: 4001 })

    const toAccount = outcome(
      provider.request({
        method: 'eth_signTransaction',
        params: [{ from: address, ...lookAlikeTransaction }],
      }),
    )
    dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    await waitFor(() => expect(codeReads()).toHaveLength(2))
    expect(within(dialog).getByText('To').nextElementSibling).not.toHaveTextContent('A contract')
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await toAccount).toMatchObject({ code: 4001 })
  })

  it('decodes an ERC-20 approval: “Approve 0x… to spend unlimited USDC”, the token named as a contract', async () => {
    const { provider, address, user } = await signedIn()
    const answer = outcome(
      provider.request({ method: 'eth_signTransaction', params: [{ from: address, ...unlimitedApproval }] }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    const details = within(dialog)
    expect(details.getByText('Spender').nextElementSibling).toHaveTextContent(`${spender}Copy`)
    expect(details.getByText('Allowance').nextElementSibling).toHaveTextContent(/^unlimited USDC/)
    expect(details.getByText('Token contract').nextElementSibling).toHaveTextContent(
      `${baseSepoliaUsdc}CopyA contract: the USDC token on Base Sepolia`,
    )
    // An approval moves nothing yet: the total is the fee alone.
    expect(details.getByText('Total at most').nextElementSibling).toHaveTextContent(/^0\.00006 ETH$/)
    expect(details.getByText('Contract call').nextElementSibling).toHaveTextContent(
      `Approve ${spender} to spend unlimited USDC`,
    )
    expect(details.getByRole('note', { name: 'Before you sign' })).toHaveTextContent(
      `Token approval. This transaction lets ${spender} spend unlimited USDC from your wallet`,
    )
    await press(user, details.getByRole('button', { name: 'Reject' }))
    expect(await answer).toMatchObject({ code: 4001 })
  })

  it('shows a USDC transfer as a plain transfer: amount, recipient named, network and fee in view, Sign ready, the rest under Details', async () => {
    const { provider, address, user, server } = await signedIn({
      'GET /api/v1/organizations/colleagues': () =>
        answer({
          colleagues: [
            {
              user_id: 'did:charter:ana',
              label: 'Ana Lopez',
              organizations: ['Acme Co-op'],
              wallets: { ethereum: usdcRecipient.toLowerCase() },
            },
          ],
        }),
    })
    const answered = outcome(
      provider.request({ method: 'eth_signTransaction', params: [{ from: address, ...usdcTransfer }] }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    const region = within(dialog).getByRole('region', { name: 'What you sign' })
    const summary = region.querySelector('.transfer-summary') as HTMLElement
    const value = (list: HTMLElement, term: string) =>
      within(list)
        .getAllByRole('term')
        .find((element) => element.textContent === term)?.nextElementSibling ?? null
    // What moves, in view, in the order it is read.
    expect(
      within(summary)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Amount', 'To', 'Network', 'Network fee'])
    expect(value(summary, 'Amount')).toHaveTextContent('100 USDC')
    // The real recipient, never the token's contract, named as the colleague whose wallet it is.
    const to = value(summary, 'To') as HTMLElement
    expect(await within(to).findByText('Ana Lopez · Acme Co-op')).toBeInTheDocument()
    expect(within(to).getByText(wholeText(usdcRecipient))).toBeInTheDocument()
    expect(value(summary, 'Network')).toHaveTextContent('Base Sepolia (chain 84532)')
    expect(value(summary, 'Network fee')).toHaveTextContent('At most 0.0001 ETH')
    expect(summary).not.toHaveTextContent('gwei')
    // Sign is ready at once: nothing to scroll, and no reason shown beside it.
    const sign = within(dialog).getByRole('button', { name: 'Sign' })
    expect(sign).not.toHaveAttribute('aria-disabled')
    expect(within(dialog).queryByText(/Scroll to the end/)).toBeNull()

    // The contract, the gas, the totals and the call, under Details, closed.
    const more = region.querySelector('details.transfer-more') as HTMLDetailsElement
    expect(more.open).toBe(false)
    expect(within(more).getByText('Details')).toBeInTheDocument()
    const list = more.querySelector('dl') as HTMLElement
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Exact amount',
      'Token contract',
      'Native value',
      'Maximum fee',
      'Total at most',
      'Contract call',
    ])
    expect(value(list, 'Exact amount')).toHaveTextContent('100 USDC')
    expect(value(list, 'Maximum fee')).toHaveTextContent('0.0001 ETH (100,000 gas × 1 gwei)')
    expect(
      within(value(list, 'Total at most') as HTMLElement)
        .getAllByText(/USDC|ETH/)
        .map((line) => line.textContent),
    ).toEqual(['100 USDC', 'and 0.0001 ETH'])
    expect(value(list, 'Token contract')).toHaveTextContent(
      `${baseSepoliaUsdc}CopyA contract: the USDC token`,
    )
    expect(value(list, 'Native value')).toHaveTextContent('0 ETH')
    // What a new member reads first is the amount and the real recipient, never the contract or “0 ETH”.
    const text = dialog.textContent ?? ''
    expect(text.indexOf('100 USDC')).toBeLessThan(text.indexOf('A contract: the USDC token'))
    expect(text.indexOf('100 USDC')).toBeLessThan(text.indexOf('0 ETH'))

    await press(user, within(dialog).getByRole('button', { name: 'Copy recipient address' }))
    expect(await navigator.clipboard.readText()).toBe(usdcRecipient)
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await answered).toMatchObject({ code: 4001 })
    expect(server.rpcCalls).toEqual([])
  })

  it('an app’s eth_sendTransaction with Privy’s {sponsor: true}: titled with who pays, the fee row “Paid by Charter”, no fee counted', async () => {
    const { provider, address, user, server } = await signedIn({
      'GET /api/v1/organizations/colleagues': () =>
        answer({
          colleagues: [
            {
              user_id: 'did:charter:ana',
              label: 'Ana',
              organizations: ['Acme Co-op'],
              wallets: { ethereum: usdcRecipient.toLowerCase() },
            },
          ],
        }),
    })
    const { gas: _gas, maxFeePerGas: _max, maxPriorityFeePerGas: _tip, ...unfilled } = usdcTransfer
    const answered = outcome(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: address, ...unfilled }, { sponsor: true }],
      }),
    )
    const dialog = await screen.findByRole('dialog', {
      name: 'Send 100 USDC to Ana · network fee paid by Charter',
    })
    expect(dialog).toHaveAccessibleDescription(/Charter sends it at once and pays its network fee/)
    const region = within(dialog).getByRole('region', { name: 'What you sign' })
    const summary = region.querySelector('.transfer-summary') as HTMLElement
    const fee = within(summary)
      .getAllByRole('term')
      .find((term) => term.textContent === 'Network fee')?.nextElementSibling
    expect(fee).toHaveTextContent('Paid by Charter')
    expect(region).not.toHaveTextContent(/ETH \(|gwei|and 0/)
    const list = region.querySelector('details.transfer-more dl') as HTMLElement
    expect(within(list).getByText('Network fee').nextElementSibling).toHaveTextContent('Paid by Charter')
    expect(within(list).getByText('Total at most').nextElementSibling).toHaveTextContent(/^100 USDC$/)
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await answered).toMatchObject({ code: 4001 })
    expect(server.rpcCalls).toEqual([])
  })

  it('shows contract data it cannot decode raw, with a warning above', async () => {
    const { provider, address, user } = await signedIn()
    const answer = outcome(
      provider.request({ method: 'eth_signTransaction', params: [{ from: address, ...opaqueCall }] }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' })
    expect(within(dialog).getByRole('note', { name: 'Before you sign' })).toHaveTextContent(
      'A contract call Charter cannot read. This transaction calls function 0xdeadbeef sends 68 bytes of data',
    )
    const details = within(within(dialog).getByRole('region', { name: 'What you sign' }))
    // No token rows: nothing here is known to move a token.
    expect(details.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Network',
      'To',
      'Amount',
      'Maximum fee',
      'Total at most',
      'Contract call',
    ])
    const raw = details.getByText(opaqueCall.data)
    expect(raw.closest('details')).toHaveAttribute('open')
    await press(user, within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await answer).toMatchObject({ code: 4001 })
  })

  it('shows requests one at a time, in order', async () => {
    const { provider, address, user } = await signedIn()
    const first = provider.request({ method: 'personal_sign', params: [hex('first'), address] })
    const second = outcome(provider.request({ method: 'personal_sign', params: [hex('second'), address] }))
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
    const waiting = outcome(provider.request({ method: 'personal_sign', params: ['0x6869', address] }))
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
