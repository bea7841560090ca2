import { InvalidRpcUrlTemplateError } from './InvalidRpcUrlTemplateError.ts'

const chainIdPlaceholder = '{chainId}'
// Only used to parse root-relative templates; never part of the result.
const relativeBase = 'http://relative.invalid'

/**
 * Fills `{chainId}` into the provider's URL template and sets `privyAppId` (when there is an app id),
 * keeping any query the template already has. A root-relative template gives a root-relative URL.
 */
export function providerRpcUrlForChain(template: string, chainId: number, appId?: string): string {
  // Without the placeholder every chain would share one endpoint, and one chain's calls would go to another's node.
  if (!template.includes(chainIdPlaceholder)) {
    throw new InvalidRpcUrlTemplateError({ reason: `It has no ${chainIdPlaceholder} placeholder.` })
  }
  const isRelative = template.startsWith('/') && !template.startsWith('//')
  let url: URL
  try {
    url = new URL(
      template.replaceAll(chainIdPlaceholder, String(chainId)),
      isRelative ? relativeBase : undefined,
    )
  } catch (cause) {
    throw new InvalidRpcUrlTemplateError({ reason: 'It is not a URL.', cause })
  }
  if (!isRelative && url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidRpcUrlTemplateError({
      reason: `Its scheme ${url.protocol} is not http or https.`,
    })
  }
  if (appId) url.searchParams.set('privyAppId', appId)
  return isRelative ? `${url.pathname}${url.search}${url.hash}` : url.toString()
}
