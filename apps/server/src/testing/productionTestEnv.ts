/**
 * The settings of a production-mode test server (`startTestServer({env})`), offering `chains` (CHAINS, if any) at the
 * given RPC URLs (`RPC_URL_<id>`, `SOLANA_RPC_URL_<CLUSTER>`): for tests that bring their own devnet, or a
 * node nobody answers. Its public URL is http://127.0.0.1, whatever port it listens on; its secrets are fixed
 * test values, its email sender a port nobody listens on.
 */
export function productionTestEnv(
  chains?: string,
  rpcUrls: Record<string, string> = {},
): Record<string, string> {
  return {
    CHARTER_MODE: 'production',
    APP_ID: 'charter-production',
    DATABASE_URL: 'postgres://unused.invalid/charter',
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_SECRET: '5e0c9b2f7a1d4e8c3b6f0a9d2e5c8b1f4a7d0e3c6b9f2a5d8e1c4b7f0a3d6e9c',
    WALLET_MASTER_KEY: '1d8e4b7a0c3f6e9d2a5c8b1e4f7a0d3c6b9e2f5a8d1c4b7e0a3f6d9c2b5e8a1f',
    SMTP_URL: 'smtp://127.0.0.1:1',
    EMAIL_FROM: 'Charter <codes@example.org>',
    ...(chains !== undefined && { CHAINS: chains }),
    ...rpcUrls,
  }
}
