import { expect, test } from '@playwright/test'
import {
  memberWithPasskey,
  newDeviceByCode,
  passkeySite,
  port,
  signUpAt,
  virtualAuthenticator,
  withoutSuggestions,
} from './passkeySteps.ts'
import { walletReady } from './walletSteps.ts'

test('a member adds a passkey, signs in with it, exports with it and removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const authenticator = await virtualAuthenticator(page)
  await signUpAt(page, passkeySite, request)
  await walletReady(page)

  await page.goto(`${passkeySite}/security#passkeys`)
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible()
  await expect(passkeys.getByRole('textbox', { name: 'Name' })).toHaveValue(/^Chrome on /)
  await passkeys.getByRole('textbox', { name: 'Name' }).fill('Test laptop')
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys.getByRole('status').first()).toHaveText(
    'Added the passkey “Test laptop”. It signs you in and confirms at once from now on.',
  )
  await expect(passkeys.getByRole('listitem')).toContainText('Test laptop')
  await expect(passkeys.getByRole('listitem')).toContainText('Never used')
  expect(await authenticator.credentials()).toBe(1)

  // Adding it again on the same authenticator is refused by the browser, in plain words.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys.getByRole('alert')).toHaveText('This passkey is on your account already.')

  // Signed out, the passkey signs in again, as a code does. Chromium's virtual authenticator picks a passkey among
  // the address field's suggestions at once (a member would pick it from the list): the page signs in by itself.
  await page.context().clearCookies()
  await page.goto(`${passkeySite}/`)
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  await walletReady(page)

  // And from the button, on a browser that offers no suggestions.
  await page.context().clearCookies()
  await withoutSuggestions(page)
  await page.goto(`${passkeySite}/`)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute(
    'autocomplete',
    'tel webauthn',
  )
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  await walletReady(page)

  // Export with the passkey instead of a code.
  await page.goto(`${passkeySite}/wallet/export`)
  await page.getByRole('checkbox', { name: /I understand/ }).check()
  await page.getByRole('button', { name: 'Use your passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Your private key' })).toBeVisible()

  // Removed at once once the passkey confirms it.
  await page.goto(`${passkeySite}/security`)
  await expect(passkeys.getByRole('listitem')).toContainText('Last used')
  await passkeys.getByRole('button', { name: 'Remove' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove the passkey “Test laptop”?' })
  await dialog.getByRole('button', { name: 'Confirm with a passkey' }).click()
  await expect(passkeys.getByRole('status').first()).toHaveText('Removed the passkey “Test laptop”.')
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible()
})

test('at 127.0.0.1, adding a passkey says to open localhost instead', async ({ page, request }) => {
  await virtualAuthenticator(page)
  await signUpAt(page, `http://127.0.0.1:${port}`, request)
  await page.goto('/security')
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys.getByRole('alert')).toHaveText(
    `Passkeys work only at ${passkeySite}. Open ${passkeySite} instead and try again.`,
  )
})

test('on a new device, the passkey releases a held export, then exports without a code', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const member = await memberWithPasskey(page, request)
  // The other device signs in with a code: it is new, so its export waits. The same passkey is synced to it.
  const { context: other, page: otherPage } = await newDeviceByCode(browser, request, member)
  await otherPage.goto(`${passkeySite}/wallet/export`)
  await expect(
    otherPage.getByRole('heading', { name: 'This device must wait before it can export' }),
  ).toBeVisible()
  await otherPage.getByRole('button', { name: /^Ask to export the key of Ethereum/ }).click()
  await otherPage.getByRole('button', { name: 'Use your passkey to do it now' }).click()
  await expect(otherPage.getByText('Released with your passkey: you can export it now.')).toBeVisible()
  await otherPage.getByRole('button', { name: /^Export the key of Ethereum .+ now$/ }).click()
  await otherPage.getByRole('checkbox', { name: /I understand/ }).check()
  await otherPage.getByRole('button', { name: 'Use your passkey' }).click()
  await expect(otherPage.getByRole('heading', { name: 'Your private key' })).toBeVisible()

  // The first device's Security page lists the release among the recent sensitive actions.
  await page.goto(`${passkeySite}/security`)
  await expect(page.getByRole('region', { name: 'Recent sensitive actions' })).toContainText(
    'Released at once with your passkey',
  )
  await other.close()
})
