import type { LegalDocument } from '@reorder/i18n/legal';
import './LegalArticle.css';

/**
 * The "last updated" line, the introduction, then one numbered section (h2, paragraphs, list) per heading.
 */
export function LegalArticle({ doc, idPrefix }: { doc: LegalDocument; idPrefix: string }) {
  return (
    <article className="legal">
      <p>
        <em>{doc.updated}</em>
      </p>
      <p>{doc.intro}</p>
      {doc.sections.map((section, index) => {
        const id = `${idPrefix}-${index + 1}`;
        return (
          <section key={section.heading} aria-labelledby={id}>
            <h2 id={id}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) =>
                  typeof item === 'string' ? (
                    <li key={item}>{item}</li>
                  ) : (
                    <li key={item.term}>
                      <strong>{item.term}:</strong> {item.text}
                    </li>
                  ),
                )}
              </ul>
            ) : null}
            {section.after?.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        );
      })}
    </article>
  );
}
