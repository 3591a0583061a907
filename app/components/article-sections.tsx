// Renders a static page's sections (heading + paragraphs) from the `pages` translations.
export type ArticleSection = { heading: string; paragraphs: string[] };

export function ArticleSections({ sections }: { sections: ArticleSection[] }) {
  return (
    <div className="mx-auto max-w-3xl space-y-10 px-4 py-12">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-2xl font-bold">{section.heading}</h2>
          <div className="mt-3 space-y-4 leading-relaxed text-ink/80">
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
