import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test'
import { codeFromOutbox, shownUsNumber, typeCode, typedUsNumber, uniquePhoneNumber } from './signInSteps.ts'
import { walletReady } from './walletSteps.ts'

export const port = Number(process.env.E2E_PORT ?? 3210)
/** Embedded mode binds passkeys to `localhost`: the passkey screens are driven there, not at 127.0.0.1. */
export const passkeySite = `http://localhost:${port}`

/** A platform authenticator that verifies the member and answers every prompt by itself (Chromium's CDP). */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const list = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return {
    credentials: async () => (await list()).length,
    /** Its passkeys with their keys, to sync them to another device's authenticator (as a password manager does). */
    export: list,
    import: async (credentials: Awaited<ReturnType<typeof list>>) => {
      for (const credential of credentials) {
        await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
      }
    },
  }
}

/** Signs up by phone at `site`; answers the number. */
export async function signUpAt(page: Page, site: string, request: Parameters<typeof codeFromOutbox>[0]) {
  const phoneNumber = uniquePhoneNumber()
  await page.goto(`${site}/`)
  await page.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(phoneNumber))
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('We sent a code to')).toContainText(shownUsNumber(phoneNumber))
  await typeCode(page, await codeFromOutbox(request, phoneNumber))
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  return phoneNumber
}

/** A browser that offers no passkey suggestions in the address field, so the page waits for the member's choice. */
export const withoutSuggestions = (page: Page) =>
  page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })

/** A member signed up at localhost with a passkey added on the Security page, and what a second device needs. */
export async function memberWithPasskey(page: Page, request: APIRequestContext) {
  const codeAskedAt = Date.now()
  const authenticator = await virtualAuthenticator(page)
  const phoneNumber = await signUpAt(page, passkeySite, request)
  const firstCode = await codeFromOutbox(request, phoneNumber)
  await walletReady(page)
  await page.goto(`${passkeySite}/security`)
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys.getByRole('listitem')).toHaveCount(1)
  return { phoneNumber, firstCode, authenticator, codeAskedAt }
}

/**
 * A second browser for the same member, signed in with a code (a new device: its requests wait), its
 * authenticator holding the member's passkeys as a password manager syncs them. A code is sent again to the same
 * number after 30 seconds: this waits for that first.
 */
export async function newDeviceByCode(
  browser: Browser,
  request: APIRequestContext,
  member: Awaited<ReturnType<typeof memberWithPasskey>>,
) {
  await new Promise((done) => setTimeout(done, Math.max(0, member.codeAskedAt + 31_000 - Date.now())))
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  await (await virtualAuthenticator(page)).import(await member.authenticator.export())
  // A code, not the passkey's suggestion (which the virtual authenticator would pick at once): a new device.
  await withoutSuggestions(page)
  await page.goto(`${passkeySite}/`)
  await page.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(member.phoneNumber))
  await page.getByRole('button', { name: 'Send code' }).click()
  await typeCode(page, await codeFromOutbox(request, member.phoneNumber, member.firstCode))
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  await walletReady(page)
  return { context, page }
}
