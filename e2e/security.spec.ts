import { expect, type Page, test } from '@playwright/test'
import { watch } from './pageChecks.ts'
import {
  codeFromOutbox,
  shownUsNumber,
  signInByPhone,
  tabTo,
  typeCode,
  typedUsNumber,
  uniqueEmail,
} from './signInSteps.ts'
import { embeddedWallets, signatureDialog, walletReady } from './walletSteps.ts'

/** Opens the Security page from the account menu, with the keyboard. */
async function openSecurityPage(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Account' }))
  await page.keyboard.press('Enter')
  await tabTo(
    page,
    page.getByRole('region', { name: 'Your account' }).getByRole('link', { name: 'Security' }),
  )
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeFocused()
  await expect(page).toHaveTitle('Security · Charter')
}

test('the Security page lists two sessions and signs the other out; recent actions show an added email', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000)
  const problems = watch(page)
  const codeAskedAt = Date.now()
  const phoneNumber = await signInByPhone(page, request)
  const signInCode = await codeFromOutbox(request, phoneNumber)
  await walletReady(page)

  // Add an email address, with the keyboard: a sensitive action the page lists.
  const email = uniqueEmail()
  await tabTo(page, page.getByRole('button', { name: 'Account' }))
  await page.keyboard.press('Enter')
  await tabTo(
    page,
    page.getByRole('region', { name: 'Your account' }).getByRole('link', { name: 'Add an email address' }),
  )
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('textbox', { name: 'Email address' }))
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  await typeCode(page, await codeFromOutbox(request, email))
  await expect(page.getByRole('status')).toContainText(`Done: your email address is now ${email}.`)

  // A second browser signs in with the phone number, keyboard only; its code screen says where codes go
  // locally. The server sends one code per address per 30 s, so it waits for the window to pass.
  await page.waitForTimeout(Math.max(0, codeAskedAt + 31_000 - Date.now()))
  const other = await browser.newContext({ locale: 'en-US' })
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await tabTo(otherPage, otherPage.getByRole('textbox', { name: 'Phone number' }))
  await otherPage.keyboard.type(typedUsNumber(phoneNumber))
  await otherPage.keyboard.press('Enter')
  await expect(otherPage.getByText('We sent a code to')).toContainText(shownUsNumber(phoneNumber))
  await expect(
    otherPage.getByText(
      'Local mode: nothing is texted or mailed; your code is in the server log, and at /api/dev/outbox for whoever has the token in DATA_DIR/dev-outbox-token',
    ),
  ).toBeVisible()
  await typeCode(otherPage, await codeFromOutbox(request, phoneNumber, signInCode))
  await expect(otherPage.getByText(/Signed in as/)).toBeVisible()
  expect((await otherPage.request.get('/api/v1/users/me')).status()).toBe(200)

  await openSecurityPage(page)
  const sessions = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem')
  await expect(sessions).toHaveCount(2)
  const mine = sessions.filter({ hasText: 'This device' })
  await expect(mine).toContainText('Chrome on Linux')
  await expect(mine).toContainText('Last used')
  const theOther = sessions.filter({ hasNotText: 'This device' })
  await expect(theOther).toContainText('Chrome on Linux')
  await expect(theOther).toContainText('From 127.0.0.1')

  await tabTo(page, theOther.getByRole('button', { name: /^Sign out Chrome on Linux/ }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Signed out Chrome on Linux.')).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeFocused()
  // The other browser's next request is refused; this one goes on.
  expect((await otherPage.request.get('/api/v1/users/me')).status()).toBe(401)
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(200)
  await other.close()

  const recent = page.getByRole('region', { name: 'Recent sensitive actions' })
  await expect(recent).toContainText('Signed out Chrome on Linux')
  await expect(recent).toContainText(/Added the email address/)
  expect(problems).toEqual([])
})

test('Reject says nothing was signed, in neutral words, and Activity lists the decline', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  await signInByPhone(page, request)
  await embeddedWallets(page)
  await walletReady(page)
  await openSecurityPage(page)
  await tabTo(page, page.getByRole('link', { name: 'Sign a message' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sign a message' })).toBeFocused()
  await tabTo(page, page.getByRole('textbox', { name: 'Message' }))
  await page.keyboard.type('Not this one')
  await tabTo(page, page.getByRole('button', { name: 'Sign message' }))
  const declining = page.waitForRequest('**/api/v1/wallets/*/decline')
  await page.keyboard.press('Enter')
  const dialog = signatureDialog(page)
  await expect(dialog.getByRole('heading', { name: 'Sign this message?' })).toBeFocused()
  await tabTo(page, dialog.getByRole('button', { name: 'Reject' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)

  const declined = page.getByText('You declined. Nothing was signed.')
  await expect(declined).toBeVisible()
  await expect(declined).toHaveAttribute('role', 'status')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText(/try/i)).toHaveCount(0)
  // Not the red of an error.
  const colours = await declined.evaluate((element) => {
    const probe = document.createElement('p')
    probe.className = 'wallet-error-title'
    document.body.append(probe)
    const red = getComputedStyle(probe).color
    probe.remove()
    return { shown: getComputedStyle(element).color, red }
  })
  expect(colours.shown).not.toBe(colours.red)
  expect((await declining).postDataJSON()).toEqual({ method: 'personal_sign' })
  expect((await declining).headers()['privy-authorization-signature']).toBeTruthy()

  await page.goto('/wallet/activity')
  await expect(page).toHaveTitle('Activity · Charter')
  const first = page.getByRole('listitem').first()
  await expect(first).toContainText('Declined to sign a message')
  await expect(first).toContainText('Nothing was signed')
  expect(problems).toEqual([])
})

test('the export result keeps the choice in view and masks the passphrase until asked', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const problems = watch(page)
  const phoneNumber = await signInByPhone(page, request)
  const signInCode = await codeFromOutbox(request, phoneNumber)
  await walletReady(page)
  await openSecurityPage(page)
  await tabTo(page, page.getByRole('link', { name: 'Export a key' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Export a private key' })).toBeFocused()
  await expect(page).toHaveTitle('Export a private key · Charter')

  await tabTo(page, page.getByRole('radio', { name: /^Ethereum/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('radio', { name: /^Private key/ }))
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: /^Keystore file/ })).toBeChecked()
  await tabTo(page, page.getByRole('checkbox', { name: /I understand/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Send me a code' }))
  await page.keyboard.press('Enter')

  // The code step: the wallet, the format and the warning are still there, and so is the local-mode line.
  await expect(page.getByText('We sent a code to')).toBeVisible()
  await expect(page.getByText('Keystore file and passphrase')).toBeVisible()
  await expect(
    page.getByText(/Anyone who has this key controls the wallet and all its funds\. Charter/),
  ).toBeVisible()
  await expect(page.getByText(/^Local mode: nothing is texted or mailed/)).toBeVisible()
  await typeCode(page, await codeFromOutbox(request, phoneNumber, signInCode))

  await expect(page.getByRole('heading', { name: 'Your keystore file' })).toBeFocused()
  await expect(page.getByText('Keystore file and passphrase')).toBeVisible()
  const passphrase = page.locator('code.passphrase')
  await expect(passphrase).toHaveText('•'.repeat(32))
  await tabTo(page, page.getByRole('button', { name: 'Show passphrase' }))
  await page.keyboard.press('Enter')
  await expect(passphrase).toHaveText(/^[a-z]+(-[a-z]+){5}$/)
  await expect(page.getByRole('button', { name: 'Hide passphrase' })).toBeFocused()
  // One Hide, one Done: Done takes the passphrase away with the page.
  await expect(page.getByRole('button', { name: /hide/i })).toHaveCount(1)
  await page.keyboard.press('Enter')
  await expect(passphrase).toHaveText('•'.repeat(32))
  await expect(page.getByText(/Leaves this page in [45]:\d\d/)).toBeVisible()
  await tabTo(page, page.getByRole('link', { name: 'Done' }))
  await page.keyboard.press('Enter')
  await expect(page.locator('code.passphrase')).toHaveCount(0)
  expect(problems).toEqual([])
})
