import type { MetadataAuthority } from '@charter/core'
import { safeImageSrc, safeLinkHref } from './safeUrls.ts'

/**
 * One responsibility or authority of an untrusted document: every string as text, only safe links and images.
 * Its label and description show; its link, image and gate, rarely needed, are behind "More".
 */
export function DocumentItem({ item }: { item: MetadataAuthority }) {
  const href = item.link ? safeLinkHref(item.link) : undefined
  const src = item.imageUrl ? safeImageSrc(item.imageUrl) : undefined
  return (
    <li className="stack-small">
      <strong className="breakable">{item.label}</strong>
      {item.description && <span className="breakable">{item.description}</span>}
      {(item.link || item.imageUrl || item.gate) && (
        <details className="item-more">
          <summary>More</summary>
          <div className="stack-small">
            {item.link &&
              (href ? (
                <a href={href} rel="noopener noreferrer nofollow" target="_blank" className="breakable">
                  {item.link}
                </a>
              ) : (
                <span className="breakable">
                  Link (not opened: only https and ipfs links are): <code>{item.link}</code>
                </span>
              ))}
            {item.imageUrl &&
              (src ? (
                <img src={src} alt="" width="64" height="64" referrerPolicy="no-referrer" />
              ) : (
                <span className="breakable">
                  Image (not loaded: only ipfs images are): <code>{item.imageUrl}</code>
                </span>
              ))}
            {item.gate && (
              <span className="breakable">
                Gate: <code>{item.gate}</code>
              </span>
            )}
          </div>
        </details>
      )}
    </li>
  )
}
