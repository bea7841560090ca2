/**
 * Where Charter's server proxies JSON-RPC for each chain, as a template for `resolveRpcUrl`'s `providerRpcUrl`.
 * Root-relative, so the web app reaches the proxy on its own origin; a server-side caller prefixes its origin.
 */
export const rpcProxyUrlTemplate = '/api/v1/rpc/{chainId}'
