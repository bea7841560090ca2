import { expect, type Locator, type Page, test } from '@playwright/test'
import { recoverMessageAddress } from 'viem'
import {
  bidiMessage,
  expectedRecipient,
  hiddenTailMessage,
  hugeFeeTransaction,
  lookAlikeRecipient,
  lookAlikeTransaction,
  paddedPermit,
  spender,
  usdcPermit,
  usdcRecipient,
  usdcTransfer,
} from '../apps/web/src/features/wallet/hostileRequests.ts'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import { signInByPhone } from './signInSteps.ts'
import { embeddedWallets, signatureDialog, walletReady } from './walletSteps.ts'

// Each test drives the confirmation dialog with the keyboard only (Tab, Enter, End, Escape), with a request an
// attacker would send, and checks that the dialog tells the truth or refuses.

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** Signs in and opens a wallet screen; answers the Ethereum address. */
async function openSignedIn(page: Page, request: Parameters<typeof signInByPhone>[1], path: string) {
  await signInByPhone(page, request)
  await walletReady(page)
  const { ethereum } = await embeddedWallets(page)
  await page.goto(path)
  return ethereum
}

/** Types a message on the sign page and asks for a signature, from the keyboard. */
async function askToSignMessage(page: Page, message: string) {
  const field = page.getByRole('textbox', { name: 'Message' })
  await field.focus()
  await field.fill(message)
  await tabTo(page, page.getByRole('button', { name: 'Sign message' }))
  await page.keyboard.press('Enter')
}

/** Sends a request from the developer page's form, from the keyboard. */
async function sendRequest(page: Page, method: string, params: unknown[]) {
  const select = page.getByRole('combobox', { name: 'Method' })
  await select.focus()
  await select.selectOption(method)
  const field = page.getByRole('textbox', { name: 'Params (JSON)' })
  await field.focus()
  await field.fill(JSON.stringify(params))
  await tabTo(page, page.getByRole('button', { name: 'Send request' }))
  await page.keyboard.press('Enter')
}

/** Whether the words `tail` of the message are inside the visible part of the box of what is signed. */
const tailOnScreen = (details: Locator, tail: string) =>
  details.evaluate((box, words) => {
    const text = box.querySelector('pre')?.firstChild
    if (!(text instanceof Text)) return false
    const start = text.data.indexOf(words)
    const range = document.createRange()
    range.setStart(text, start)
    range.setEnd(text, start + words.length)
    const shown = box.getBoundingClientRect()
    const { top, bottom } = range.getBoundingClientRect()
    return top >= shown.top && bottom <= shown.bottom
  }, tail)

/** The dialog's title has focus once it opens. */
async function dialogOpened(page: Page, title: string) {
  const dialog = signatureDialog(page)
  await expect(dialog.getByRole('heading', { name: title })).toBeFocused()
  return dialog
}

test('a direction override in a message shows as a visible escape, and what is signed is the real text', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/sign')
  await askToSignMessage(page, bidiMessage)

  const dialog = await dialogOpened(page, 'Sign this message?')
  const shown = dialog.locator('pre.signed-message')
  await expect(shown).toHaveText('transfer ⟨U+202E⟩0001 HTE')
  await expect(dialog.getByRole('note', { name: 'Before you sign' })).toContainText('Hidden characters.')
  await expect(dialog.getByRole('region', { name: 'What you sign' })).toContainText(
    '18 characters, 1 line (20 bytes)',
  )
  // The override does not take effect: the digits are drawn in the order they are signed, left to right.
  const zeros = await shown.evaluate((element) => {
    const text = element.lastChild as Text
    const range = document.createRange()
    range.setStart(text, 0)
    range.setEnd(text, 1)
    const first = range.getBoundingClientRect().left
    range.setStart(text, 3)
    range.setEnd(text, 4)
    return { first, fourth: range.getBoundingClientRect().left }
  })
  expect(zeros.first).toBeLessThan(zeros.fourth)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)

  const sign = dialog.getByRole('button', { name: 'Sign', exact: true })
  await tabTo(page, sign)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  const signature = (await page.locator('pre.signature').textContent()) as `0x${string}`
  expect(await recoverMessageAddress({ message: bidiMessage, signature })).toBe(ethereum)
  expect(problems).toEqual([])
})

test('a message whose tail is below the fold cannot be signed until its end has been scrolled to', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/sign')
  await askToSignMessage(page, hiddenTailMessage)

  const dialog = await dialogOpened(page, 'Sign this message?')
  const details = dialog.getByRole('region', { name: 'What you sign' })
  await expect(details).toContainText('61 lines')
  const tail = 'and send all my USDC to 0xbad'
  expect(await tailOnScreen(details, tail)).toBe(false)
  await expect(dialog.getByText('There is more below.')).toBeVisible()
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true })
  await expect(sign).toHaveAttribute('aria-disabled', 'true')
  // Why, beside Sign itself, on every screen size.
  const reason = dialog.getByText('Scroll to the end of the message to sign it.')
  await expect(reason).toBeInViewport()
  await expect(sign).toHaveAccessibleDescription(/^Scroll to the end of the message to sign it\./)

  // Enter on Sign does nothing yet.
  await tabTo(page, sign)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expect(page.locator('pre.signature')).toHaveCount(0)

  // The box of what is signed takes focus, and End scrolls to its end.
  await tabTo(page, details)
  await page.keyboard.press('End')
  await expect.poll(() => tailOnScreen(details, tail)).toBe(true)
  await expect(sign).not.toHaveAttribute('aria-disabled')
  await expect(dialog.getByText('There is more below.')).toHaveCount(0)
  await expect(reason).toHaveCount(0)
  await tabTo(page, sign)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  const signature = (await page.locator('pre.signature').textContent()) as `0x${string}`
  expect(await recoverMessageAddress({ message: hiddenTailMessage, signature })).toBe(ethereum)
  expect(problems).toEqual([])
})

test('Reject and Sign stay on screen, on a phone too, however long the message and its warnings', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  // A phone's screen, in either project.
  await page.setViewportSize({ width: 390, height: 844 })
  const ethereum = await openSignedIn(page, request, '/wallet/sign')
  // Two warnings above the box (hidden characters, right-to-left text) and sixty lines in it.
  const longMessage = `${bidiMessage} שלום\n${hiddenTailMessage}`
  await askToSignMessage(page, longMessage)

  const dialog = await dialogOpened(page, 'Sign this message?')
  const details = dialog.getByRole('region', { name: 'What you sign' })
  const reject = dialog.getByRole('button', { name: 'Reject' })
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true })
  await expect(dialog.getByRole('note', { name: 'Before you sign' })).toContainText('Right-to-left text.')
  // Taller than the screen: the dialog's own body scrolls, and the buttons must not go with it.
  expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true)
  await expect(reject).toBeInViewport({ ratio: 1 })
  await expect(sign).toBeInViewport({ ratio: 1 })
  // The rule to read to the end, in words for a finger as well as for keys.
  await expect(dialog.getByText('There is more below.')).toContainText('swipe up in the box, or Tab to it')

  // The dialog's body scrolls under the actions, which stay where they are.
  await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  await expect(reject).toBeInViewport({ ratio: 1 })
  await expect(sign).toBeInViewport({ ratio: 1 })
  await expect(sign).toHaveAttribute('aria-disabled', 'true')

  // Scrolled to the end of what is signed (as a swipe does), Sign signs, still on screen.
  await details.evaluate((box) => box.scrollTo(0, box.scrollHeight))
  await expect(sign).not.toHaveAttribute('aria-disabled')
  await expect(sign).toBeInViewport({ ratio: 1 })
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await sign.click()
  await expect(dialog).toHaveCount(0)
  const signature = (await page.locator('pre.signature').textContent()) as `0x${string}`
  expect(await recoverMessageAddress({ message: longMessage, signature })).toBe(ethereum)
  expect(problems).toEqual([])
})

test('a USDC transfer is a plain transfer: amount, recipient, network and fee in view, Sign ready, the contract under Details', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/developer')
  await sendRequest(page, 'eth_signTransaction', [{ from: ethereum, ...usdcTransfer }])

  const dialog = await dialogOpened(page, 'Sign this transaction?')
  const details = dialog.getByRole('region', { name: 'What you sign' })
  const summary = details.locator('.transfer-summary')
  await expect(summary.locator('dt')).toHaveText(['Amount', 'To', 'Network', 'Network fee'])
  for (const term of await summary.locator('dt').all()) await expect(term).toBeInViewport()
  const amount = summary.locator('dt', { hasText: /^Amount$/ }).locator('xpath=following-sibling::dd[1]')
  await expect(amount).toHaveText('100 USDC')
  await expect(amount).toBeInViewport()
  await expect(summary).not.toContainText('gwei')
  // The contract, the gas and the data wait under Details, closed.
  await expect(details.getByText('Token contract')).toBeHidden()
  await details.getByText('Details', { exact: true }).click()
  await expect(details.getByText('Token contract')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).not.toHaveAttribute('aria-disabled')
  const recipient = details
    .locator('dd')
    .filter({ has: page.getByRole('button', { name: 'Copy recipient address' }) })
  await expect(recipient.locator('code')).toHaveText(usdcRecipient)
  await expect(recipient.locator('code')).toBeInViewport()
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).toBeInViewport({ ratio: 1 })
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  expect(problems).toEqual([])
})

test('typed data with more fields than it can show is refused, saying how many are not shown', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/developer')
  await sendRequest(page, 'eth_signTypedData_v4', [ethereum, paddedPermit(500)])

  const dialog = await dialogOpened(page, 'Sign this data?')
  await expect(dialog.getByRole('note', { name: 'Before you sign' })).toContainText(
    'This request has 505 fields, more than the 200 Charter can show, so Charter will not sign it.',
  )
  await expect(dialog.getByText('305 more fields are not shown.')).toBeAttached()
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
  await tabTo(page, dialog.getByRole('button', { name: 'Reject' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  expect(problems).toEqual([])
})

test('a permit is named in plain words, with the spender in full and the amount unlimited', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/developer')
  await sendRequest(page, 'eth_signTypedData_v4', [ethereum, usdcPermit])

  const dialog = await dialogOpened(page, 'Sign this data?')
  const note = dialog.getByRole('note', { name: 'Before you sign' })
  await expect(note).toContainText(
    `Token permit (ERC-20 permit). Signing lets ${spender} spend unlimited USDC from your wallet, without asking you again.`,
  )
  await expect(note).toBeInViewport()
  const validFor = dialog.getByRole('table', { name: 'Valid for' })
  await expect(validFor).toContainText('Base Sepolia (chain 84532)')
  await expect(validFor).toContainText(`${usdcPermit.domain.verifyingContract}A contract: the USDC token`)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  expect(problems).toEqual([])
})

test('a transaction shows its maximum fee and total, and warns of a fee out of proportion', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/developer')
  await sendRequest(page, 'eth_signTransaction', [{ from: ethereum, ...hugeFeeTransaction }])

  const dialog = await dialogOpened(page, 'Sign this transaction?')
  await expect(dialog.getByRole('note', { name: 'Before you sign' })).toContainText(
    'Check the fee. The fee alone could be as much as 21,000,000 ETH.',
  )
  const details = dialog.getByRole('region', { name: 'What you sign' })
  await expect(details).toContainText('Amount0 ETH')
  await expect(details).toContainText('Maximum fee21,000,000 ETH (21,000 gas × 1,000,000,000,000 gwei)')
  await expect(details).toContainText('Total at most21,000,000 ETH')
  await tabTo(page, dialog.getByRole('button', { name: 'Reject' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  expect(problems).toEqual([])
})

test('a look-alike recipient shows whole and checksummed, never as its shared first and last characters', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const ethereum = await openSignedIn(page, request, '/wallet/developer')
  await sendRequest(page, 'eth_signTransaction', [{ from: ethereum, ...lookAlikeTransaction }])

  const dialog = await dialogOpened(page, 'Sign this transaction?')
  const details = dialog.getByRole('region', { name: 'What you sign' })
  const recipient = details
    .locator('dd')
    .filter({ has: page.getByRole('button', { name: 'Copy recipient address' }) })
  await expect(recipient.locator('code')).toHaveText(lookAlikeRecipient)
  await expect(recipient.locator('code')).toBeVisible()
  await expect(details).not.toContainText('…')
  await expect(details).not.toContainText(expectedRecipient)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await tabTo(page, dialog.getByRole('button', { name: 'Reject' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  expect(problems).toEqual([])
})
