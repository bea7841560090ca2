import { expect, type Page } from '@playwright/test'
import { codeFromOutbox, shownUsNumber, typeCode, typedUsNumber, uniquePhoneNumber } from './signInSteps.ts'

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
