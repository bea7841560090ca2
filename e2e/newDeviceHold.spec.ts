import { expect, test } from '@playwright/test'
import { outboxFor, signInByPhone } from './signInSteps.ts'
import { confirmSignature, signatureDialog, walletReady } from './walletSteps.ts'

// The server runs with the default NEW_DEVICE_HOLD_HOURS (24). The first browser signs the account up (that
// sign-in made the wallets, so it is not held); the second is a new device of an existing account, and waits.
test('a new device asks for an export; the first device sees it held and cancels it; it never completes', async ({
  page,
  request,
  browser,
}) => {
  const phoneNumber = await signInByPhone(page, request)
  await walletReady(page)

  const { baseURL, locale } = test.info().project.use
  const secondContext = await browser.newContext({ baseURL, locale })
  const second = await secondContext.newPage()
  await signInByPhone(second, request, phoneNumber)
  await walletReady(second)

  // The wait is said before the form: when export will be possible, in local time.
  await second.goto('/wallet/export')
  const note = second.getByRole('note')
  await expect(note).toContainText('This device must wait before it can export')
  await expect(note).toContainText('Export will be possible from')
  await expect(second.getByRole('button', { name: 'Send me a code' })).toHaveCount(0)
  await second.getByRole('button', { name: /^Ask to export the key of Ethereum/ }).click()
  await expect(second.getByRole('status').filter({ hasText: 'Held until' })).toContainText(
    'Your other devices can cancel it',
  )
  // The member's phone is told at once.
  await expect
    .poll(async () => (await outboxFor(request, phoneNumber))[0]?.body ?? '')
    .toContain('asked to export the key of your Ethereum wallet')

  // The first device, signed in before it, sees the held export on its Security page and cancels it.
  await page.bringToFront()
  await page.goto('/security')
  const held = page.getByRole('region', { name: 'Waiting on a new device' })
  await expect(held).toContainText('Export the key of your Ethereum wallet')
  await held.getByRole('button', { name: /^Cancel: Export the key of your Ethereum wallet/ }).click()
  await expect(held.getByRole('status')).toContainText('Cancelled: Export the key of your Ethereum wallet')
  await expect(held.getByRole('button', { name: /^Cancel/ })).toHaveCount(0)

  // The second device sees it cancelled, and cannot ask again.
  await second.bringToFront()
  await second.reload()
  await expect(
    second.getByRole('status').filter({ hasText: 'Cancelled from another of your devices' }),
  ).toContainText('This device cannot export keys.')
  await expect(second.getByRole('button', { name: /^Ask to export the key of Ethereum/ })).toHaveCount(0)
  await secondContext.close()
})

// A SIM swap in two browsers: the second signs in with the member's phone and asks to send more than a new device
// moves at once; it is told before signing that the send will wait, and until when; the first cancels it.
test('a new device asks to send 0.2 ETH: it is told the send waits; the first device cancels it', async ({
  page,
  request,
  browser,
}) => {
  const phoneNumber = await signInByPhone(page, request)
  await walletReady(page)
  const balances = page.getByRole('region', { name: 'Balances' })
  await balances.getByRole('button', { name: 'Get test funds' }).click()
  await expect(
    balances.getByRole('listitem', { name: 'Base Sepolia' }).getByText('1 ETH', { exact: true }),
  ).toBeVisible({ timeout: 20_000 })

  const { baseURL, locale, viewport } = test.info().project.use
  const secondContext = await browser.newContext({ baseURL, locale, viewport })
  const second = await secondContext.newPage()
  await signInByPhone(second, request, phoneNumber)
  await walletReady(second)
  await second.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Send' }).click()
  await second
    .getByRole('combobox', { name: 'Network' })
    .selectOption({ label: 'Base Sepolia (local devnet)' })
  await second.getByRole('radio', { name: /^ETH/ }).check()
  const to = '0x1111111111111111111111111111111111111111'
  await second.getByRole('combobox', { name: 'Recipient' }).fill(to)
  await second.getByRole('textbox', { name: /^Amount/ }).fill('0.2')
  // Before anything is signed: the form and the dialog say it will wait.
  await expect(second.getByText(/This send will wait\./).first()).toBeVisible()
  await second.getByRole('button', { name: 'Review and send' }).click()
  const dialog = signatureDialog(second)
  await expect(dialog.getByText(/This send will wait\./)).toBeVisible()
  await dialog
    .getByRole('region', { name: 'What you sign' })
    .evaluate((box) => box.scrollTo(0, box.scrollHeight))
  await confirmSignature(second)
  await expect(second.getByRole('region', { name: 'Send held' })).toContainText(/^Held until .+/)
  // Every address is told.
  await expect
    .poll(async () => (await outboxFor(request, phoneNumber))[0]?.body ?? '')
    .toContain('asked to send 0.2 ETH')

  // The first device, signed in before it, cancels it on its Security page.
  await page.bringToFront()
  await page.goto('/security')
  const held = page.getByRole('region', { name: 'Waiting on a new device' })
  await expect(held).toContainText(`Send 0.2 ETH to ${to} on Base Sepolia`)
  await held.getByRole('button', { name: /^Cancel: Send 0.2 ETH/ }).click()
  await expect(held.getByRole('status')).toContainText('Cancelled: Send 0.2 ETH')
  await secondContext.close()
})
