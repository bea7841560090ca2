import { toUnixSeconds } from '@charter/core'
import type { Settings } from '../settings/env.ts'

type EmbeddedWalletChainConfig = { create_on_login: 'all-users' }

/**
 * The app's public configuration in the shape of Privy's `AppResponse` (the fields are listed in
 * docs/login-api.md). Privy's client reads it before anything else; Privy's server library reads
 * `verification_key` from it. Every field is true of Charter: what Charter does not offer says `false`, empty
 * or null, never `true`.
 */
export type AppConfig = {
  id: string
  name: string
  logo_url: string | null
  icon_url: null
  accent_color: string
  theme: 'light'
  legal_name: null
  terms_and_conditions_url: string | null
  privacy_policy_url: string | null
  require_users_accept_terms: false
  /** The PEM (SPKI) of the P-256 key that signs access tokens. */
  verification_key: string
  data_classification: 'public'
  /** Null: clients keep the base URL they were given. */
  custom_api_url: null
  sms_auth: boolean
  email_auth: boolean
  /** Sign-in with an Ethereum wallet (SIWE): offered wherever an EVM chain is. */
  wallet_auth: boolean
  /** Sign-in with a Solana wallet (SIWS): offered wherever a Solana cluster is. */
  solana_wallet_auth: boolean
  google_oauth: false
  twitter_oauth: false
  twitter_oauth_on_mobile_enabled: false
  discord_oauth: false
  github_oauth: false
  apple_oauth: false
  linkedin_oauth: false
  tiktok_oauth: false
  spotify_oauth: false
  instagram_oauth: false
  line_oauth: false
  twitch_oauth: false
  telegram_auth: false
  telegram_oauth: false
  farcaster_auth: false
  farcaster_link_wallets_enabled: false
  /** Passkeys sign members in where they can be bound to a host name (passkeys/). */
  passkey_auth: boolean
  /** An account starts with a phone number or an email address: a passkey is added to it. */
  passkeys_for_signup_enabled: false
  guest_auth: false
  custom_jwt_auth: false
  whatsapp_enabled: false
  custom_oauth_providers: []
  mfa_methods: []
  captcha_enabled: false
  enabled_captcha_provider: null
  disable_plus_emails: false
  allowlist_enabled: false
  allowlist_config: { error_title: null; error_detail: null; cta_text: null; cta_link: null }
  allowed_domains: string[]
  allowed_native_app_ids: []
  allowed_native_app_url_schemes: []
  embedded_wallet_config: {
    /** The keys are held by the server and used at the member's signed request. */
    mode: 'user-controlled-server-wallets-only'
    /** Charter makes an EVM and a Solana wallet for every new user, on the server, as it signs up. */
    create_on_login: 'all-users'
    ethereum: EmbeddedWalletChainConfig
    solana: EmbeddedWalletChainConfig
    user_owned_recovery_options: []
    require_user_owned_recovery_on_create: false
    require_user_password_on_create: false
  }
  smart_wallet_config: { enabled: false }
  enforce_wallet_uis: false
  external_wallets_for_signup_enabled: false
  legacy_wallet_ui_config: false
  show_wallet_login_first: false
  merge_accounts_by_email: false
  /** True when this server has an on-ramp (Coinbase, or the embedded sandbox): members can buy crypto. */
  fiat_on_ramp_enabled: boolean
  max_linked_wallets_per_user: null
  wallet_connect_cloud_project_id: null
  /** Unix seconds: when this server's database was set up. */
  created_at: number
  /** Unix seconds: when this server started, which is when it last read its settings. */
  updated_at: number
}

export type AppConfigFacts = {
  settings: Pick<Settings, 'appId' | 'app' | 'publicUrl'>
  verificationKey: string
  /** Which sign-in channels this server has set up. */
  sms: boolean
  email: boolean
  /** Whether this server has an on-ramp (onramp/). */
  fiatOnRamp: boolean
  /** The kinds of chain offered: a wallet of that kind may sign in (auth/walletSignInRoutes.ts). */
  chainTypes: ReadonlySet<'ethereum' | 'solana'>
  /** Whether passkeys work here (PUBLIC_URL names a host, or embedded mode on `localhost`). */
  passkeys: boolean
  createdAt: Date
  startedAt: Date
}

export function appConfig({
  settings,
  verificationKey,
  sms,
  email,
  fiatOnRamp,
  chainTypes,
  passkeys,
  createdAt,
  startedAt,
}: AppConfigFacts): AppConfig {
  const { app } = settings
  return {
    id: settings.appId,
    name: app.name,
    logo_url: app.logoUrl ?? null,
    icon_url: null,
    accent_color: app.accentColor,
    theme: 'light',
    legal_name: null,
    terms_and_conditions_url: app.termsUrl ?? null,
    privacy_policy_url: app.privacyUrl ?? null,
    require_users_accept_terms: false,
    verification_key: verificationKey,
    data_classification: 'public',
    custom_api_url: null,
    sms_auth: sms,
    email_auth: email,
    wallet_auth: chainTypes.has('ethereum'),
    solana_wallet_auth: chainTypes.has('solana'),
    google_oauth: false,
    twitter_oauth: false,
    twitter_oauth_on_mobile_enabled: false,
    discord_oauth: false,
    github_oauth: false,
    apple_oauth: false,
    linkedin_oauth: false,
    tiktok_oauth: false,
    spotify_oauth: false,
    instagram_oauth: false,
    line_oauth: false,
    twitch_oauth: false,
    telegram_auth: false,
    telegram_oauth: false,
    farcaster_auth: false,
    farcaster_link_wallets_enabled: false,
    passkey_auth: passkeys,
    passkeys_for_signup_enabled: false,
    guest_auth: false,
    custom_jwt_auth: false,
    whatsapp_enabled: false,
    custom_oauth_providers: [],
    mfa_methods: [],
    captcha_enabled: false,
    enabled_captcha_provider: null,
    disable_plus_emails: false,
    allowlist_enabled: false,
    allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
    // The one origin trusted for state-changing requests; without PUBLIC_URL, loopback only
    // (docs/security.md).
    allowed_domains: settings.publicUrl ? [settings.publicUrl.origin] : [],
    allowed_native_app_ids: [],
    allowed_native_app_url_schemes: [],
    embedded_wallet_config: {
      mode: 'user-controlled-server-wallets-only',
      create_on_login: 'all-users',
      ethereum: { create_on_login: 'all-users' },
      solana: { create_on_login: 'all-users' },
      user_owned_recovery_options: [],
      require_user_owned_recovery_on_create: false,
      require_user_password_on_create: false,
    },
    smart_wallet_config: { enabled: false },
    enforce_wallet_uis: false,
    external_wallets_for_signup_enabled: false,
    legacy_wallet_ui_config: false,
    show_wallet_login_first: false,
    merge_accounts_by_email: false,
    fiat_on_ramp_enabled: fiatOnRamp,
    max_linked_wallets_per_user: null,
    wallet_connect_cloud_project_id: null,
    created_at: toUnixSeconds(createdAt),
    updated_at: toUnixSeconds(startedAt),
  }
}
