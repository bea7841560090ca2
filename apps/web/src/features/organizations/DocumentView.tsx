import type { MetadataDocument } from '@charter/core'
import { DocumentItem } from './DocumentItem.tsx'

/** A role or organisation document, as what it says of itself: untrusted text, never markup. */
export function DocumentView({
  document,
  headingLevel = 3,
}: {
  document: MetadataDocument
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  const { name, description, responsibilities = [], authorities = [] } = document.data
  return (
    <article className="stack-small" aria-label={`Document: ${name}`}>
      <Heading className="breakable">{name}</Heading>
      {description && <p className="breakable">{description}</p>}
      {responsibilities.length > 0 && (
        <>
          <Sub>Responsibilities</Sub>
          <ul>
            {responsibilities.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown, never reordered in place
              <DocumentItem key={index} item={item} />
            ))}
          </ul>
        </>
      )}
      {authorities.length > 0 && (
        <>
          <Sub>Authorities</Sub>
          <ul>
            {authorities.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown, never reordered in place
              <DocumentItem key={index} item={item} />
            ))}
          </ul>
        </>
      )}
    </article>
  )
}
