import { expect, type Page, test } from '@playwright/test'
import { signInByPhone } from './signInSteps.ts'
import {
  ethereumWalletName,
  installTestWallets,
  newEthereumAccount,
  solanaWalletName,
} from './testWallets.ts'
import { walletReady } from './walletSteps.ts'

// Signing in with a wallet the member already holds, and linking one: the test wallets are injected into the
// page as a browser extension would be (testWallets.ts), their keys in Node.

type LinkedAccount = {
  type: string
  address?: string
  chain_type?: string
  wallet_client_type?: string
  wallet_index?: number
}

async function linkedAccounts(page: Page): Promise<LinkedAccount[]> {
  const answer = await page.request.get('/api/v1/users/me')
  return ((await answer.json()) as { user: { linked_accounts: LinkedAccount[] } }).user.linked_accounts
}

const walletButton = (page: Page, name: string, chain: 'Ethereum' | 'Solana') =>
  page
    .getByRole('list', { name: 'Wallets in this browser' })
    .getByRole('button', { name: `${name} ${chain}` })

async function continueWithWallet(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Continue with a wallet' }).click()
  await expect(page.getByRole('heading', { name: 'Continue with a wallet' })).toBeFocused()
}

/** The home's wallet card lists Charter's own wallets and, apart, the one the member linked. */
async function expectLinkedBesideEmbedded(page: Page, linkedAddress: string) {
  await walletReady(page)
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Wallets', exact: true }) })
  await expect(card.getByText('Ethereum and other EVM networks')).toBeVisible()
  await expect(card.getByText('Solana', { exact: true }).first()).toBeVisible()
  const linked = card.getByRole('list', { name: 'Wallets you linked' })
  await expect(linked.getByRole('listitem')).toHaveCount(1)
  await expect(linked.getByRole('listitem')).toContainText(/Test (Solana )?Wallet · linked/)
  await expect(linked.getByRole('code')).toHaveAttribute('title', linkedAddress)
  const accounts = await linkedAccounts(page)
  // Charter made its own wallets for the member (index 0 of each) besides the one they hold themselves.
  const embedded = accounts.filter((account) => account.wallet_client_type === 'privy')
  expect(embedded.map((account) => [account.chain_type, account.wallet_index]).sort()).toEqual([
    ['ethereum', 0],
    ['solana', 0],
  ])
  expect(
    accounts.filter((account) => account.type === 'wallet' && account.address === linkedAddress),
  ).toHaveLength(1)
}

test('sign in with an Ethereum wallet: the linked wallet sits beside the embedded ones; the last way in stays', async ({
  page,
}) => {
  const wallet = await installTestWallets(page)
  await continueWithWallet(page)
  await expect(walletButton(page, solanaWalletName, 'Solana')).toBeVisible()
  // Each wallet's own icon, a data: image the page's Content-Security-Policy lets through.
  const icon = walletButton(page, ethereumWalletName, 'Ethereum').locator('img')
  await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
  await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32)
  await walletButton(page, ethereumWalletName, 'Ethereum').click()
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  await expectLinkedBesideEmbedded(page, wallet.ethereum.address)
  // The wallet signed an EIP-4361 message for this very page, on the chain it was on.
  const [message] = wallet.signed
  expect(message).toMatch(
    new RegExp(
      `^127\\.0\\.0\\.1:\\d+ wants you to sign in with your Ethereum account:\\n${wallet.ethereum.address}\\n`,
    ),
  )
  expect(message).toContain('\nChain ID: 84532\n')

  // The wallet is this account's only way in: unlinking it is refused, in the server's words.
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('link', { name: 'Link or unlink a wallet' }).click()
  await expect(page.getByRole('heading', { name: 'Linked wallets' })).toBeFocused()
  await page
    .getByRole('button', {
      name: new RegExp(`^Unlink Test Wallet · linked Ethereum wallet ${wallet.ethereum.address}`),
    })
    .click()
  await expect(page.getByRole('alert')).toContainText(
    'This wallet is the last way to sign in to your account',
  )
})

test('sign in with a Solana wallet (solana:signIn): the linked wallet sits beside the embedded ones', async ({
  page,
}) => {
  const wallet = await installTestWallets(page)
  await continueWithWallet(page)
  await walletButton(page, solanaWalletName, 'Solana').click()
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  await expectLinkedBesideEmbedded(page, wallet.solana.address)
  expect(wallet.signed[0]).toMatch(
    new RegExp(`wants you to sign in with your Solana account:\\n${wallet.solana.address}\\n`),
  )
})

test('a phone account links a wallet and sees it on the account page; a wallet of another account is refused', async ({
  page,
  browser,
  request,
}) => {
  // Another member signs up with a wallet first.
  const taken = newEthereumAccount()
  const other = await browser.newPage()
  await installTestWallets(other, { ethereum: taken })
  await continueWithWallet(other)
  await walletButton(other, ethereumWalletName, 'Ethereum').click()
  await expect(other.getByText(/Signed in as/)).toBeVisible()
  await other.close()

  const wallet = await installTestWallets(page)
  await signInByPhone(page, request)
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('link', { name: 'Link a wallet' }).click()
  await expect(page.getByRole('heading', { name: 'Linked wallets' })).toBeFocused()
  await expect(page.getByText('No wallet is linked yet.')).toBeVisible()
  await walletButton(page, solanaWalletName, 'Solana').click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Test Solana Wallet is linked to your account.' }),
  ).toBeVisible()
  const linked = page.getByRole('list', { name: 'Your linked wallets' })
  await expect(linked.getByRole('listitem')).toHaveCount(1)
  await expect(linked).toContainText('Test Solana Wallet · linked')
  await expect(linked.getByRole('code')).toHaveAttribute('title', wallet.solana.address)

  // The wallet another account holds: refused, with the server's own sentence.
  const page2 = await page.context().newPage()
  await installTestWallets(page2, { ethereum: taken })
  await page2.goto('/account/wallets')
  await walletButton(page2, ethereumWalletName, 'Ethereum').click()
  await expect(page2.getByRole('alert')).toContainText('Could not link Test Wallet')
  await expect(page2.getByRole('alert')).toContainText(
    'This wallet is already linked to another Charter account.',
  )
  await page2.close()

  // Unlinking it: the phone number is still a way in.
  await page
    .getByRole('button', {
      name: new RegExp(`^Unlink Test Solana Wallet · linked Solana wallet ${wallet.solana.address}`),
    })
    .click()
  await expect(page.getByText('No wallet is linked yet.')).toBeVisible()
  expect((await linkedAccounts(page)).some((account) => account.address === wallet.solana.address)).toBe(
    false,
  )
})

test('a rejected signature says so and can be tried again; the wait on the wallet says where to look', async ({
  page,
}) => {
  const wallet = await installTestWallets(page, {}, { hold: true, reject: true })
  await continueWithWallet(page)
  await walletButton(page, ethereumWalletName, 'Ethereum').click()
  await expect(page.getByRole('heading', { name: 'Waiting for Test Wallet' })).toBeFocused()
  await expect(page.getByText('Don’t see your wallet? Check your other browser windows.')).toBeVisible()
  await wallet.release()
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: 'Signature rejected' })).toBeFocused()
  await expect(alert).toContainText('Please try signing again.')

  wallet.behaviour.reject = false
  wallet.behaviour.hold = false
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByText(/Signed in as/)).toBeVisible()
})

test('with no wallet in the browser, the screen says what to install and that a phone or email works', async ({
  page,
}) => {
  await continueWithWallet(page)
  await expect(page.getByRole('heading', { name: 'No wallet found' })).toBeVisible()
  await expect(
    page.getByText(/install a browser wallet such as MetaMask \(Ethereum\) or Phantom \(Solana\)/),
  ).toBeVisible()
  await expect(page.getByText('No wallet? A phone number or email address works without one.')).toBeVisible()
  await page.getByRole('button', { name: 'Use a phone number or email instead' }).click()
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeFocused()
})

test('a wallet on a network Charter does not offer is told which, and switched to one it does', async ({
  page,
}) => {
  const wallet = await installTestWallets(page, {}, { chainId: 1 })
  await continueWithWallet(page)
  await walletButton(page, ethereumWalletName, 'Ethereum').click()
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: 'Wrong network' })).toBeFocused()
  await expect(alert).toContainText('Test Wallet is on Ethereum (chain ID 1), which Charter does not offer.')
  // Nothing was signed for a chain the server would refuse.
  expect(wallet.signed).toEqual([])
  await alert.getByRole('button', { name: 'Switch to Arbitrum Sepolia' }).click()
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  expect(wallet.signed[0]).toContain('\nChain ID: 421614\n')
})
