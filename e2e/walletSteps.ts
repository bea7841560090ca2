import { expect, type Page } from '@playwright/test'

type LinkedAccount = { type: string; chain_type?: string; address?: string; wallet_index?: number }

/** The signed-in user's EVM and Solana addresses (wallet_index 0), as the server has them. */
export async function embeddedWallets(page: Page): Promise<{ ethereum: string; solana: string }> {
  const answer = await page.request.get('/api/v1/users/me')
  const { user } = (await answer.json()) as { user: { linked_accounts: LinkedAccount[] } }
  const find = (chainType: string) =>
    user.linked_accounts.find(
      (account) =>
        account.type === 'wallet' && account.chain_type === chainType && account.wallet_index === 0,
    )?.address
  const ethereum = find('ethereum')
  const solana = find('solana')
  if (!ethereum || !solana) throw new Error('The user has no wallets')
  return { ethereum, solana }
}

/** The confirmation dialog of the next signature request. */
export const signatureDialog = (page: Page) => page.getByRole('dialog')

/** Waits for the confirmation dialog and signs. */
export async function confirmSignature(page: Page) {
  const dialog = signatureDialog(page)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog).toHaveCount(0)
}

/** The public key (SPKI, base64) of the device key this browser keeps in IndexedDB, if any. */
export function storedWalletPublicKey(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('charter-wallet', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('device-key')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('device-key').objectStore('device-key').get('current')
          read.onsuccess = () => {
            open.result.close()
            resolve((read.result as { publicKey?: string } | undefined)?.publicKey)
          }
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

/** Waits until the wallet has registered this browser's key, as the home page says. */
export async function walletReady(page: Page) {
  await expect(page.getByRole('heading', { name: 'Wallets' })).toBeVisible()
  await expect(page.getByText('Setting up your wallet on this device…')).toHaveCount(0)
  await expect.poll(() => storedWalletPublicKey(page)).toBeTruthy()
}
