import { expect, test } from '@playwright/test'
import {
  memberWithPasskey,
  newDeviceByCode,
  passkeySite,
  signUpAt,
  virtualAuthenticator,
  withoutSuggestions,
} from './passkeySteps.ts'
import { confirmSignature, signatureDialog, walletReady } from './walletSteps.ts'

// The passkey against a SIM swap, in two browsers at localhost (where embedded mode binds passkeys): a new device
// signed in by code whose send is held, released at once by the member's passkey synced to it; a copy of the
// passkey whose counter went back, refused; and a removed passkey, which no longer signs in.

test('a new device’s held send goes out at once with the member’s passkey synced to it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const member = await memberWithPasskey(page, request)
  await page.goto(`${passkeySite}/`)
  const balances = page.getByRole('region', { name: 'Balances' })
  await balances.getByRole('button', { name: 'Get test funds' }).click()
  await expect(
    balances.getByRole('listitem', { name: 'Base Sepolia' }).getByText('1 ETH', { exact: true }),
  ).toBeVisible({ timeout: 20_000 })
  const other = await newDeviceByCode(browser, request, member)
  const second = other.page
  await second.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Send' }).click()
  await second
    .getByRole('combobox', { name: 'Network' })
    .selectOption({ label: 'Base Sepolia (local devnet)' })
  await second.getByRole('radio', { name: /^ETH/ }).check()
  const to = '0x2222222222222222222222222222222222222222'
  await second.getByRole('combobox', { name: 'Recipient' }).fill(to)
  await second.getByRole('textbox', { name: /^Amount/ }).fill('0.2')
  await second.getByRole('button', { name: 'Review and send' }).click()
  await signatureDialog(second)
    .getByRole('region', { name: 'What you sign' })
    .evaluate((box) => box.scrollTo(0, box.scrollHeight))
  await confirmSignature(second)
  await expect(second.getByRole('region', { name: 'Send held' })).toContainText(/^Held until .+/)

  // The member's passkey, synced to this device, releases it: it goes out now, not in a day.
  await second.getByRole('button', { name: 'Use your passkey to send now' }).click()
  await expect(second.getByRole('region', { name: 'Send released' })).toContainText(
    'Released: it goes out now.',
  )
  await expect
    .poll(
      async () => {
        const answer = await second.request.get(`${passkeySite}/api/v1/held_actions`)
        const { held_actions } = (await answer.json()) as {
          held_actions: { summary: string; hash: string | null; lifted_at: number | null }[]
        }
        const sent = held_actions.find((each) => each.summary.includes(to))
        return Boolean(sent?.lifted_at && sent.hash)
      },
      { timeout: 30_000, message: 'the released send on chain' },
    )
    .toBe(true)
  await other.context.close()
})

test('a copy of the passkey whose counter went back is refused; a removed passkey no longer signs in', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000)
  const authenticator = await virtualAuthenticator(page)
  await signUpAt(page, passkeySite, request)
  await walletReady(page)
  await page.goto(`${passkeySite}/security`)
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await passkeys.getByRole('textbox', { name: 'Name' }).fill('Security key')
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys.getByRole('listitem')).toHaveCount(1)
  // A copy taken now, before the genuine key is used: its counter stays behind.
  const copied = await authenticator.export()

  // The genuine key signs in twice, moving its counter on.
  await withoutSuggestions(page)
  for (let i = 0; i < 2; i++) {
    await page.context().clearCookies()
    await page.goto(`${passkeySite}/`)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page.getByText(/Signed in as/)).toBeVisible()
  }

  // The copy, in another browser, is refused, and says why.
  const thief = await browser.newContext({ locale: 'en-US' })
  const thiefPage = await thief.newPage()
  await (await virtualAuthenticator(thiefPage)).import(copied)
  await withoutSuggestions(thiefPage)
  await thiefPage.goto(`${passkeySite}/`)
  await thiefPage.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(thiefPage.getByRole('alert')).toContainText('its signature counter went back')
  await expect(thiefPage.getByText(/Signed in as/)).toHaveCount(0)
  await thief.close()

  // The member removes it (confirmed with the passkey itself); it signs in no more.
  await walletReady(page)
  await page.goto(`${passkeySite}/security`)
  await passkeys.getByRole('button', { name: 'Remove' }).click()
  await page
    .getByRole('dialog', { name: 'Remove the passkey “Security key”?' })
    .getByRole('button', { name: 'Confirm with a passkey' })
    .click()
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible()
  await page.context().clearCookies()
  await page.goto(`${passkeySite}/`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('alert')).toContainText('This passkey is not on any Charter account here')
  await expect(page.getByText(/Signed in as/)).toHaveCount(0)
})
