import { shortenAddress } from '@charter/core'
import { expect, test } from '@playwright/test'
import { decryptKeystoreJson } from 'ethers'
import { recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import {
  codeFromOutbox,
  signInByPhone,
  tabTo,
  typeCode,
  uniquePhoneNumber,
  wrongCodeFor,
} from './signInSteps.ts'
import {
  confirmSignature,
  embeddedWallets,
  signatureDialog,
  storedWalletPublicKey,
  walletReady,
} from './walletSteps.ts'

test('shows both addresses on the home, and Receive one network’s QR code at a time with a whole address to copy', async ({
  page,
  context,
  request,
}) => {
  const problems = watch(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInByPhone(page, request)
  const wallets = await embeddedWallets(page)

  const overview = page.getByRole('region', { name: 'Wallets' })
  await expect(overview.getByText(shortenAddress(wallets.ethereum), { exact: true })).toBeVisible()
  await expect(overview.getByText(shortenAddress(wallets.solana), { exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Receive' }).click()

  await expect(page.getByRole('heading', { name: 'Receive', level: 1 })).toBeFocused()
  const shown = page.getByRole('region', { name: /^Your address on / })
  await expect(page.getByRole('img', { name: /^QR code of your address on / })).toHaveCount(1)
  await expect(shown.locator('code')).toHaveText(wallets.ethereum)
  await shown.getByRole('button', { name: 'Copy address' }).click()
  await expect(shown.getByRole('status')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallets.ethereum)

  await page
    .getByRole('group', { name: 'Network' })
    .getByRole('radio', { name: /^Solana/ })
    .check()
  await expect(shown.locator('code')).toHaveText(wallets.solana)
  await shown.getByRole('button', { name: 'Copy address' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallets.solana)

  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})

test('the key sent with the sign-in code is the session’s from the start, and signs at once', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const authenticating = page.waitForRequest('**/api/v1/passwordless_sms/authenticate')
  const registering = page.waitForRequest('**/api/v1/sessions/authorization_key')
  await signInByPhone(page, request)
  const sentKey = (await authenticating).postDataJSON().authorization_key as string
  expect(sentKey).toMatch(/^[A-Za-z0-9+/]{80,}={0,2}$/)
  await walletReady(page)
  // The browser keeps that very key, and the wallet offers the server no other.
  expect(await storedWalletPublicKey(page)).toBe(sentKey)
  expect((await registering).postDataJSON()).toEqual({ public_key: sentKey })

  const { ethereum } = await embeddedWallets(page)
  // Signing a message lives on the Security page now.
  await tabTo(page, page.getByRole('link', { name: 'Security' }).first())
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeFocused()
  await tabTo(page, page.getByRole('link', { name: 'Sign a message' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sign a message' })).toBeFocused()
  await tabTo(page, page.getByRole('textbox', { name: 'Message' }))
  await page.keyboard.type('Signed with the key bound at sign-in')
  await tabTo(page, page.getByRole('button', { name: 'Sign message' }))
  await page.keyboard.press('Enter')
  const dialog = signatureDialog(page)
  await expect(dialog.getByRole('heading', { name: 'Sign this message?' })).toBeFocused()
  await tabTo(page, dialog.getByRole('button', { name: 'Sign', exact: true }))
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  const signature = (await page.locator('pre.signature').textContent()) as `0x${string}`
  expect(await recoverMessageAddress({ message: 'Signed with the key bound at sign-in', signature })).toBe(
    ethereum,
  )
  expect(problems).toEqual([])
})

test('a session signed in without a device key is told to sign out and in again on this device', async ({
  page,
  request,
}) => {
  // Another client signs in with this browser's cookie jar and sends no key.
  const phoneNumber = uniquePhoneNumber()
  await page.request.post('/api/v1/passwordless_sms/init', { data: { phoneNumber } })
  const code = await codeFromOutbox(request, phoneNumber)
  const signedIn = await page.request.post('/api/v1/passwordless_sms/authenticate', {
    data: { phoneNumber, code },
  })
  expect(signedIn.status()).toBe(200)

  await page.goto('/')
  const alert = page.getByRole('region', { name: 'Wallets' }).getByRole('alert')
  await expect(alert).toContainText('Sign out and sign in again')
  await expect(alert).toContainText(
    'Your session has no key on this device, so your wallet cannot sign here. Sign out and sign in again on this device to set one up.',
  )
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await alert.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await signInByPhone(page, request, phoneNumber)
  await walletReady(page)
})

test('signs a message after the confirmation, and the signature recovers to the wallet; a rejection says so', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  await signInByPhone(page, request)
  const { ethereum } = await embeddedWallets(page)
  await page.goto('/security')
  await page.getByRole('link', { name: 'Sign a message' }).click()
  await expect(page.getByRole('heading', { name: 'Sign a message' })).toBeFocused()

  const message = `I am a member of Charter – ${Date.now()} ✓`
  await page.getByRole('textbox', { name: 'Message' }).fill(message)
  await page.getByRole('button', { name: 'Sign message' }).click()

  const dialog = signatureDialog(page)
  await expect(dialog.getByRole('heading', { name: 'Sign this message?' })).toBeFocused()
  await expect(dialog.getByText(message, { exact: true })).toBeVisible()
  await expect(dialog).toContainText(shortenAddress(ethereum))
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await confirmSignature(page)

  const signature = await page.locator('pre.signature').textContent()
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await recoverMessageAddress({ message, signature: signature as `0x${string}` })).toBe(ethereum)
  // Focus is back where the person was.
  await expect(page.getByRole('button', { name: 'Sign message' })).toBeFocused()

  // With the keyboard: Enter asks again, Tab reaches Reject, Enter rejects.
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('heading', { name: 'Sign this message?' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  // The person's own choice: said in neutral words, with nothing to retry.
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Escape rejects too.
  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('You declined. Nothing was signed.')).toBeVisible()
  expect(problems).toEqual([])
})

test('the developer page signs with viem’s wallet client, and activity lists the signatures', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  await signInByPhone(page, request)
  const { ethereum } = await embeddedWallets(page)
  // The developers' page is reached from the Security page, not the home.
  await page.goto('/security')
  await page.getByRole('link', { name: 'For developers: sign with viem' }).click()
  await expect(page.getByRole('heading', { name: 'Developer: sign with viem' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the end-to-end test')
  await page.getByRole('button', { name: 'Sign with viem' }).click()
  await expect(
    signatureDialog(page).getByText('Hello from the end-to-end test', { exact: true }),
  ).toBeVisible()
  await confirmSignature(page)

  await expect(page.getByText('The signature recovers to your wallet’s address.')).toBeVisible()
  await expect(page.locator('code.recovered')).toHaveText(ethereum)
  const signature = (await page.locator('code.signature').textContent()) as `0x${string}`
  expect(await recoverMessageAddress({ message: 'Hello from the end-to-end test', signature })).toBe(ethereum)

  // A second signature, then the list: newest first, with the wallet and a digest.
  await page.getByRole('button', { name: 'Sign with viem' }).click()
  await confirmSignature(page)
  await expect(page.getByText('The signature recovers to your wallet’s address.')).toBeVisible()

  await page.goto('/wallet/activity')
  const entries = page.getByRole('list').filter({ hasText: 'Signed a message' }).getByRole('listitem')
  await expect(entries).toHaveCount(2)
  await expect(entries.first()).toContainText(`Ethereum ${shortenAddress(ethereum)}`)
  // The fingerprint is behind the entry's Details, whole.
  await entries.first().getByText('Details').click()
  await expect(entries.first()).toContainText(/Fingerprint \(SHA-256\)[0-9a-f]{64}/)
  expect(problems).toEqual([])
})

test('exports the key as a keystore file after a code, and ethers opens it with the passphrase shown', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const phoneNumber = await signInByPhone(page, request)
  const signInCode = await codeFromOutbox(request, phoneNumber)
  const { ethereum } = await embeddedWallets(page)
  await page.goto('/security')
  await page.getByRole('link', { name: 'Export a key' }).click()
  await expect(page.getByRole('heading', { name: 'Export a private key' })).toBeFocused()
  await expect(page.getByRole('note')).toContainText('Anyone who has this key controls the wallet')
  await expect(page.getByRole('note')).toContainText('Charter can’t undo an export')

  await page.getByRole('radio', { name: /^Ethereum/ }).check()
  await page.getByRole('radio', { name: /^Keystore file/ }).check()
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByRole('alert')).toHaveText('Tick the box to say you understand before you export.')
  await page.getByRole('checkbox', { name: /I understand/ }).check()
  await page.getByRole('button', { name: 'Send me a code' }).click()

  await expect(page.getByText('We sent a code to')).toContainText(`*${phoneNumber.slice(-4)}`)
  const code = await codeFromOutbox(request, phoneNumber, signInCode)
  await typeCode(page, wrongCodeFor(code))
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check it and try again (4 tries left).',
  )
  await typeCode(page, code)

  await expect(page.getByRole('heading', { name: 'Your keystore file' })).toBeFocused()
  await expect(page.locator('code.passphrase')).not.toContainText('-')
  await page.getByRole('button', { name: 'Show passphrase' }).click()
  const passphrase = (await page.locator('code.passphrase').textContent()) ?? ''
  expect(passphrase.split('-')).toHaveLength(6)
  await expect(page.getByText('Write this passphrase down now')).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download keystore file' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.json$/)
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const account = await decryptKeystoreJson(Buffer.concat(chunks).toString('utf8'), passphrase)
  expect(account.address).toBe(ethereum)

  await page.goto('/wallet/activity')
  await expect(page.getByRole('listitem').first()).toContainText('Exported the key as a keystore file')
})

test('exports the private key, hidden until asked for', async ({ page, request }) => {
  const phoneNumber = await signInByPhone(page, request)
  const signInCode = await codeFromOutbox(request, phoneNumber)
  const { ethereum } = await embeddedWallets(page)
  await page.goto('/wallet/export')
  await page.getByRole('checkbox', { name: /I understand/ }).check()
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await typeCode(page, await codeFromOutbox(request, phoneNumber, signInCode))

  await expect(page.getByRole('heading', { name: 'Your private key' })).toBeVisible()
  const secret = page.locator('code.secret')
  await expect(secret).not.toContainText('0x')
  await page.getByRole('button', { name: 'Show private key' }).click()
  await expect(page.getByRole('button', { name: 'Hide private key' })).toBeVisible()
  const privateKey = (await secret.textContent()) as `0x${string}`
  expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
  expect(privateKeyToAccount(privateKey).address).toBe(ethereum)

  // Shown once: leaving the screen forgets it.
  await page.getByRole('link', { name: 'Done' }).click()
  await expect(page.getByRole('heading', { name: 'Wallets' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('button', { name: 'Send me a code' })).toBeVisible()
  await expect(page.locator('code.secret')).toHaveCount(0)
})

test('a reload keeps the device key; signing out and in makes a fresh one; a lost key asks for a new session', async ({
  page,
  request,
}) => {
  const phoneNumber = await signInByPhone(page, request)
  await walletReady(page)
  const first = await storedWalletPublicKey(page)

  await page.reload()
  await walletReady(page)
  expect(await storedWalletPublicKey(page)).toBe(first)
  const { ethereum } = await embeddedWallets(page)
  await page.goto('/wallet/developer')
  await page.getByRole('button', { name: 'Sign with viem' }).click()
  await confirmSignature(page)
  await expect(page.locator('code.recovered')).toHaveText(ethereum)

  // Signing out forgets the key; the next sign-in registers a new one, and it signs.
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect.poll(() => storedWalletPublicKey(page)).toBeUndefined()
  await signInByPhone(page, request, phoneNumber)
  await walletReady(page)
  const second = await storedWalletPublicKey(page)
  expect(second).not.toBe(first)
  await page.goto('/wallet/developer')
  await page.getByRole('button', { name: 'Sign with viem' }).click()
  await confirmSignature(page)
  await expect(page.locator('code.recovered')).toHaveText(ethereum)

  // The browser loses the key (site data cleared) while the session lives on: only a new session helps.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const deletion = indexedDB.deleteDatabase('charter-wallet')
        deletion.onsuccess = () => resolve()
        deletion.onerror = () => resolve()
      }),
  )
  await page.goto('/')
  const alert = page.getByRole('region', { name: 'Wallets' }).getByRole('alert')
  await expect(alert).toContainText('Sign out and sign in again')
  await alert.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await signInByPhone(page, request, phoneNumber)
  await walletReady(page)
  await page.goto('/wallet/developer')
  await page.getByRole('button', { name: 'Sign with viem' }).click()
  await confirmSignature(page)
  await expect(page.locator('code.recovered')).toHaveText(ethereum)
})
